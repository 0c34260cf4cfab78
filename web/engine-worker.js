// The computer player off the page's thread, so that the page stays
// responsive while it thinks. A request carries the round's start position
// and its moves (so that the repetition rule sees the same history as the
// page's game), the strength level and the seed; the answer is the move of
// that level (game.levelMove). Above level QUICK the worker first answers
// at level QUICK ({ partial }), so that "Stop thinking" always has a move
// to play; a WebAssembly call cannot be stopped from the page, which ends
// the worker instead.
import initMancala from "./mancala/index.js";

// The strongest level that answers in a few milliseconds in both games
// (doc/engine.md, "Strength levels").
const QUICK = 14;

const ready = initMancala();

onmessage = async ({ data }) => {
  const { id, start, moves, level, seed } = data;
  let game = null;
  try {
    const { Game } = await ready;
    game = Game.parse(start);
    for (const pit of moves) game.play(pit);
    if (level > QUICK) postMessage({ id, partial: game.levelMove(QUICK, seed) });
    postMessage({ id, move: game.levelMove(level, seed) });
  } catch (err) {
    postMessage({ id, error: String(err?.message ?? err) });
  } finally {
    game?.free();
  }
};
