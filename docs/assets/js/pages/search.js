// Material's search asks its index on key presses (keyup) only, so a word pasted,
// dropped, dictated or taken from a phone keyboard's suggestions changed the field
// and found nothing until another key was pressed. Any change of the field now asks,
// as a key would (Material searches once per new value, so typing still searches once).

const field = document.querySelector('[data-md-component="search-query"]');
field?.addEventListener("input", () => {
  field.dispatchEvent(new KeyboardEvent("keyup"));
});
