// Search and MCTS off the page's thread, so that the page stays responsive
// while an engine thinks. A request carries the round's start position and
// its moves (so that the repetition rule sees the same history as the
// page's game); the answer is the move. A search answers depth by depth
// ({ partial }), so that "Stop thinking" can play the move of the last
// completed depth.
import initMancala from "./mancala/index.js";

function searchByDepth(game, depth, progress) {
  const end = Date.now() + 3000;
  let result = null;
  for (let d = 1; d <= depth && (!result || Date.now() < end); d++) {
    result = game.search({ depth: d, timeMs: Math.max(1, end - Date.now()) });
    progress(result.move);
    if (result.exact || result.depth < d) break;
  }
  return result.move;
}

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
        : searchByDepth(game, depth, (partial) => postMessage({ id, partial }));
    postMessage({ id, move });
  } catch (err) {
    postMessage({ id, error: String(err?.message ?? err) });
  } finally {
    game?.free();
  }
};
