// The hint on the Play page: the engine's solver thinks in the worker (a few seconds
// at most) while the page stays live; its answer is said in the page's words, and the
// move it suggests is marked on the board, unless the game has moved on since.

/**
 * The hint of the Play page `page` ({root, state (play.js's), words, say, fail}),
 * asked with the button `control`.
 */
export function createHint(page, control) {
  const { root, state, words, say, fail } = page;
  let thinking = false;

  async function hint() {
    if (thinking || state.session === null) {
      return;
    }
    thinking = true;
    if (state.board.picked !== null) {
      // The hint marks a move of its own: a card left picked kept its places marked
      // too, in the same dashed ring as the hint's target.
      await state.board.act({ action: "cancel" }).catch(() => {});
    }
    // What the board sent before (a card picked, or put back by the press on this
    // button) is answered and drawn first: answered after the hint, its drawing took
    // the hint's marks away and its words replaced the hint's (a loaded test run).
    await state.board.settled();
    const asked = state.view?.record;
    control.textContent = words.thinking;
    control.setAttribute("aria-busy", "true");
    root.dataset.hint = "thinking";
    say(words.searching);
    try {
      const answer = await state.api.call("hint", { session: state.session });
      if (answer.error) {
        return;
      }
      say(answer.message);
      // Marked unless the game has moved on since: a card picked or put back meanwhile
      // (a tap on the button puts a picked card back) changes the view, not the game.
      if (answer.move && state.view?.record === asked) {
        state.board.hint(answer.move);
      }
    } catch (error) {
      fail(error);
    } finally {
      thinking = false;
      control.textContent = words.hint;
      control.removeAttribute("aria-busy");
      delete root.dataset.hint;
    }
  }

  return hint;
}
