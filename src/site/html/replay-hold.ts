/**
 * `assets/replay-hold.js`: the tiny classic script a paginated session page runs right after naming its replay
 * data file in the head. That file is a deferred script marked `blocking="render"`, so a page opened at a
 * replay position (a page turn of a replay, `#turn=N`, `#autoplay`) draws its first frame only once the
 * player has shown that position, instead of frames of the half-parsed page at its top first (their style,
 * layout, paint and raster were about a fifth of a page turn's renderer CPU: bench/README.md, replay-seek).
 * Every other open lets go of the hold at once, before the page's body is parsed, so it draws its first
 * frames as it always did (holding a ~1 MB page until it is parsed and enhanced doubled its first paint).
 * With scripts off neither script runs and nothing is held.
 *
 * The pattern is a loose form of the player's own (src/site/client/replay/player.ts `parseHash`): a
 * fragment it matches that the player then refuses only holds the first frame until the page's scripts ran.
 */

export const REPLAY_HOLD_FILE = 'replay-hold.js'

export const REPLAY_HOLD_SCRIPT = `// dsh-view: a page opened at a replay position keeps its first frame for the player (src/site/html/replay-hold.ts).
if (!/^#(?:replay=|turn=\\d|autoplay$)/.test(location.hash)) {
  for (const s of document.querySelectorAll('head > script[blocking~="render"][src*=".replay."]')) s.removeAttribute('blocking')
}
`
