/**
 * The colours every picture of a run uses: the page (view.ts, legend), and the SVG pictures of
 * the command line (src/cli/pictures.ts). Plain numbers, no pixi.js, so Node can read them too.
 */

/** a unit's colour by team number (modulo the count) */
export const TEAM_COLOURS = [0x4f9dde, 0xe0744f, 0x6cc070, 0xc78fe0, 0xe0c84f, 0x4fd1c5];

/** '#rrggbb' for a colour number */
export function cssColour(colour: number): string {
  return `#${colour.toString(16).padStart(6, '0')}`;
}
