import { createPortal } from 'react-dom';

interface CrashScreenProps {
  error: Error;
  onTryAgain: () => void;
}

/** Shown over the page when a client-side render fails; 'Try again' renders once more. */
export function CrashScreen({ error, onTryAgain }: CrashScreenProps) {
  return createPortal(
    <div className="crash-screen" role="alert">
      <div className="crash-screen__box">
        <h1>This page crashed.</h1>
        <p className="crash-screen__message">{error.message}</p>
        <button type="button" className="button button--primary" onClick={onTryAgain}>
          Try again
        </button>
      </div>
    </div>,
    document.body,
  );
}
