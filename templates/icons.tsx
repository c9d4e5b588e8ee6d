/** Small icons, sized by CSS (1em) and coloured by currentColor: each class's SVG is in styles/icons.css. */

export function ExternalIcon() {
  return <span className="icon icon--external" aria-hidden="true" />;
}

/** The sun: light mode. */
export function SunIcon() {
  return <span className="icon icon--sun" aria-hidden="true" />;
}

/** The moon: dark mode. */
export function MoonIcon() {
  return <span className="icon icon--moon" aria-hidden="true" />;
}

/** The magnifier of the search button. */
export function SearchIcon() {
  return <span className="icon icon--search" aria-hidden="true" />;
}

/** The three lines that open the mobile menu. */
export function MenuIcon() {
  return <span className="icon icon--menu" aria-hidden="true" />;
}

/** The cross that closes a panel. */
export function CloseIcon() {
  return <span className="icon icon--close" aria-hidden="true" />;
}

/** The house of the breadcrumbs' first link. */
export function HomeIcon() {
  return <span className="icon icon--home" aria-hidden="true" />;
}

export function EditIcon() {
  return <span className="icon icon--edit" aria-hidden="true" />;
}
