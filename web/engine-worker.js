// Search and MCTS off the page's thread, so that the page stays responsive
// while an engine thinks. A request carries the round's start position and
// its moves (so that the repetition rule sees the same history as the
// page's game); the answer is the move.
import initMancala from "./mancala/index.js";

const ready = initMancala();

onmessage = async ({ data }) => {
  const { id, start, moves, kind, depth, playouts, seed } = data;
  let game = null;
  try {
    const { Game } = await ready;
    game = Game.parse(start);
    for (const pit of moves) game.play(pit);
    const move =
      kind === "mcts"
        ? game.mcts({ playouts, seed: BigInt(seed) })
        : game.search({ depth, timeMs: 3000 }).bestMove;
    postMessage({ id, move });
  } catch (err) {
    postMessage({ id, error: String(err?.message ?? err) });
  } finally {
    game?.free();
  }
};
