/** Loading indicators (progress bar, spinner) wait this long, so fast loads never flash one (spec §9). */
export const indicatorDelayMs = 200;
