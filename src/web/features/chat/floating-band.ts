/**
 * The band at the bottom of the screen the floating chat button takes (3.5rem, 1rem up) with a
 * little air: the page keeps what is focused or scrolled into view above it, and ends with a
 * spacer of this height so its last content can scroll clear of the button.
 */
export const FLOATING_BAND_REM = 5.5;
