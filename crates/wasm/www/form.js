// Orders built, not typed: renders a game's action form (pbp_core::engine::form, from the engine or the
// table server) as lists, rows and numbers, builds the action's JSON from it, checks each row
// as it changes and previews the post it makes. Shared by the game master's desk (this folder)
// and the hosted table's seat page (served by pbp serve from here). It never reads action texts:
// everything it shows comes from the form's labels and the check's answer.
//
//   const built = renderForm(box, form, { check, idPrefix });
//   built.value()        // the action's JSON, or null when the form is empty
//   built.pickPlace(["Tang"])   // a click on the map picks the place in the row being edited
//
// `check(action)` answers {text} (the post the action makes) or throws the refusal.

let counter = 0;

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A kind's action JSON from its fields' values (the rule of pbp_core::engine::form). */
export function kindValue(kind, values) {
  let inner = null;
  if (kind.fields.length === 1 && kind.fields[0].key === "") {
    inner = values[""];
  } else if (kind.fields.length > 0) {
    inner = {};
    for (const field of kind.fields) inner[field.key] = values[field.key];
  }
  if (kind.key === "") return inner;
  if (kind.fields.length === 0) return kind.key;
  return { [kind.key]: inner };
}

/** A labelled control for one field; returns {node, value(), pick(names)}. */
function fieldControl(field, prefix, onChange, rowsHooks) {
  const input = field.input;
  const id = uid(prefix);
  switch (input.type) {
    case "fixed":
      return { node: null, value: () => input.value, pick: () => false };
    case "one": {
      const select = el("select", { id, name: field.key || "action" });
      input.choices.forEach((choice, index) => select.append(new Option(choice.label, String(index))));
      select.addEventListener("change", onChange);
      const node = el("label", { class: "field", htmlFor: id }, el("span", { text: field.label }), select);
      node.htmlFor = id;
      return {
        node,
        value: () => input.choices[Number(select.value)]?.value ?? null,
        pick(names) {
          const index = input.choices.findIndex((c) => c.place && names.includes(c.place));
          if (index < 0) return false;
          select.value = String(index);
          select.focus();
          onChange();
          return true;
        },
      };
    }
    case "many": {
      const boxes = input.choices.map((choice, index) => {
        const boxId = `${id}-${index}`;
        const box = el("input", { type: "checkbox", id: boxId, value: String(index) });
        return { box, label: el("label", { class: "check", htmlFor: boxId }, box, ` ${choice.label}`) };
      });
      const limit = () => {
        const chosen = boxes.filter((b) => b.box.checked).length;
        for (const b of boxes) b.box.disabled = !b.box.checked && chosen >= input.max;
      };
      for (const b of boxes) {
        b.box.addEventListener("change", () => { limit(); onChange(); });
      }
      const node = el("fieldset", { class: "field many" },
        el("legend", { text: `${field.label} (at most ${input.max})` }),
        ...(boxes.length ? boxes.map((b) => b.label) : [el("span", { class: "hint", text: "none" })]));
      return {
        node,
        value: () => boxes.filter((b) => b.box.checked).map((b) => input.choices[Number(b.box.value)].value),
        pick: () => false,
      };
    }
    case "number": {
      const number = el("input", {
        id, name: field.key, type: "number", min: String(input.min), max: String(input.max), step: "1",
        inputMode: "numeric", value: String(input.min),
      });
      number.addEventListener("change", onChange);
      const node = el("label", { class: "field", htmlFor: id },
        el("span", { text: `${field.label} (${input.min} to ${input.max})` }), number);
      return {
        node,
        value: () => {
          const n = Number.parseInt(number.value, 10);
          return Number.isFinite(n) ? n : input.min;
        },
        pick: () => false,
      };
    }
    case "rows":
      return rowsControl(field, prefix, onChange, rowsHooks);
    default:
      return { node: el("span", { class: "hint", text: `(${field.label}: not shown)` }), value: () => null, pick: () => false };
  }
}

/** One kind's fields; returns {node, value(), pick(names)}. */
function kindControl(kind, prefix, onChange, rowsHooks) {
  const controls = kind.fields.map((field) => ({ field, control: fieldControl(field, prefix, onChange, rowsHooks) }));
  const node = el("div", { class: "fields" }, ...controls.map((c) => c.control.node).filter(Boolean));
  return {
    node,
    value() {
      const values = {};
      for (const { field, control } of controls) values[field.key] = control.value();
      return kindValue(kind, values);
    },
    pick: (names) => controls.some(({ control }) => control.pick(names)),
  };
}

/** A choice among kinds (a select when there are several) and the chosen kind's fields. */
function kindsControl(kinds, label, prefix, onChange, rowsHooks) {
  const box = el("div", { class: "kind" });
  let current = null;
  const fieldsBox = el("div");
  const show = (index) => {
    rowsHooks?.register(null, null);
    current = kindControl(kinds[index], prefix, onChange, rowsHooks);
    fieldsBox.replaceChildren(current.node);
  };
  if (kinds.length > 1) {
    const id = uid(prefix);
    const select = el("select", { id, name: "kind" });
    kinds.forEach((kind, index) => select.append(new Option(kind.label, String(index))));
    select.addEventListener("change", () => { show(Number(select.value)); onChange(); });
    box.append(el("label", { class: "field", htmlFor: id }, el("span", { text: label }), select));
  }
  box.append(fieldsBox);
  show(0);
  return { node: box, value: () => current.value(), pick: (names) => current.pick(names) };
}

/** An order sheet: rows of kinds, each with its check beside it. */
function rowsControl(field, prefix, onChange, rowsHooks) {
  const input = field.input;
  const rows = [];
  const list = el("ol", { class: "rows" });
  const add = el("button", { type: "button", class: "secondary add-row", text: "Add an order" });
  const node = el("fieldset", { class: "sheet" }, el("legend", { text: field.label }), list, add);
  let focused = null;
  const renumber = () => {
    rows.forEach((row, index) => { row.legend.textContent = `Order ${index + 1}`; });
    add.disabled = rows.length >= input.max;
  };
  const addRow = () => {
    const legend = el("legend", { text: "" });
    const status = el("p", { class: "row-status hint", role: "status", "aria-live": "polite" });
    const remove = el("button", { type: "button", class: "secondary remove-row", text: "Remove" });
    const kind = kindsControl(input.kinds, "Order", prefix, onChange, null);
    const item = el("li", { class: "row-item" },
      el("fieldset", { class: "order-row" }, legend, kind.node, el("div", { class: "row-end" }, status, remove)));
    const row = { item, legend, status, kind };
    item.addEventListener("focusin", () => { focused = row; });
    remove.addEventListener("click", () => {
      rows.splice(rows.indexOf(row), 1);
      item.remove();
      if (focused === row) focused = null;
      renumber();
      onChange();
      add.focus();
    });
    rows.push(row);
    list.append(item);
    renumber();
    focused = row;
    return row;
  };
  add.addEventListener("click", () => {
    const row = addRow();
    onChange();
    row.item.querySelector("select, input")?.focus();
  });
  renumber();
  rowsHooks?.register(rows, field.key);
  return {
    node,
    value: () => rows.map((row) => row.kind.value()),
    pick: (names) => (focused ?? rows[rows.length - 1])?.kind.pick(names) ?? false,
  };
}

/**
 * Renders `form` into `box`. `check(action)` resolves to {text} or throws the refusal; each
 * row of a sheet is checked as the sheet up to it, so a refusal stands beside the row that
 * causes it, and the whole action is previewed as the post it makes.
 */
export function renderForm(box, form, { check, prefix = "form", onValue } = {}) {
  box.replaceChildren();
  if (!form || form.kinds.length === 0) {
    box.append(el("p", { class: "hint", text: "Nothing to send now." }));
    return { value: () => null, pickPlace: () => false, refresh: async () => {} };
  }
  let sheetRows = [];
  let sheetKey = null;
  const hooks = { register: (rows, key) => { sheetRows = rows ?? []; sheetKey = key; } };
  const preview = el("pre", { class: "preview", id: `${prefix}-preview` });
  const verdict = el("p", { class: "hint", id: `${prefix}-verdict`, role: "status", "aria-live": "polite" });
  let sequence = 0;
  const checkAll = async () => {
    sequence += 1;
    const mine = sequence;
    const action = top.value();
    onValue?.(action);
    if (!check) return;
    // The rows of a sheet: the sheet up to each row, so each refusal lands on its row.
    const sheetField = sheetKey === null ? null : findRows(action, sheetKey);
    if (sheetField) {
      const { orders, wrap } = sheetField;
      let broken = false;
      for (let i = 0; i < sheetRows.length; i += 1) {
        const row = sheetRows[i];
        if (broken) {
          row.status.textContent = "Checked once the orders above are right.";
          row.status.dataset.state = "waiting";
          continue;
        }
        try {
          await check(wrap(orders.slice(0, i + 1)));
          if (mine !== sequence) return;
          row.status.textContent = "✓ accepted so far";
          row.status.dataset.state = "ok";
        } catch (error) {
          if (mine !== sequence) return;
          row.status.textContent = `Refused: ${error.message}`;
          row.status.dataset.state = "refused";
          broken = true;
        }
      }
    }
    try {
      const checked = await check(action);
      if (mine !== sequence) return;
      preview.textContent = checked.text;
      verdict.textContent = "Ready to send: this is the post it makes.";
      verdict.dataset.state = "ok";
    } catch (error) {
      if (mine !== sequence) return;
      preview.textContent = "";
      verdict.textContent = `Not accepted: ${error.message}`;
      verdict.dataset.state = "refused";
    }
  };
  const top = kindsControl(form.kinds, "Action", prefix, () => { checkAll(); }, hooks);
  box.append(top.node, el("h3", { text: "The post it makes" }), verdict, preview);
  checkAll();
  return {
    value: () => top.value(),
    pickPlace: (names) => top.pick(names),
    refresh: checkAll,
  };
}

/** The rows of a sheet inside an action built from the form: `{kind: {..., [key]: [rows]}}`. */
function findRows(action, key) {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const [kindKey] = Object.keys(action);
  const inner = action[kindKey];
  if (!inner || typeof inner !== "object" || !Array.isArray(inner[key])) return null;
  return {
    orders: inner[key],
    wrap: (rows) => ({ [kindKey]: { ...inner, [key]: rows } }),
  };
}
