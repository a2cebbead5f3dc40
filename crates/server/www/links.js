// The game master's seat links: a new link for a seat whose player lost theirs (the old one stops
// working), or a first one for a seat the game added after the table was created (a Clan War
// clan signed up late). A token is shown once, as the link to give the player.

function linkOf(id, token) {
  return `${location.origin}/t/${id}#${token}`;
}

// The links made on this page, by seat: kept across the page's refreshes (each event of the
// table redraws the list), so that a link made while the list was redrawn is still shown.
const made = new Map();

// Draws the seats' link buttons into `list` from the table's status; `post(path, body)` calls
// the API with the game master's token and answers the response's text.
export function renderLinks(list, table, id, post, show) {
  list.replaceChildren(...table.seats.map((seat) => {
    const item = document.createElement("li");
    item.dataset.seat = seat.seat;
    const label = document.createElement("span");
    label.textContent = seat.link ? `${seat.name}` : `${seat.name} (no link yet)`;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary";
    button.textContent = seat.link ? "New link" : "Make a link";
    button.addEventListener("click", async () => {
      if (seat.link && !confirm(`${seat.name}'s current link will stop working. Make a new one?`)) {
        return;
      }
      try {
        const answer = JSON.parse(await post(`seats/${seat.seat}/link`, {}));
        made.set(String(seat.seat), linkOf(id, answer.token));
        const current = list.querySelector(`li[data-seat="${seat.seat}"]`) ?? item;
        showLink(current, made.get(String(seat.seat)));
        show("");
      } catch (e) {
        show(e.message);
      }
    });
    item.append(label, " ", button);
    const kept = made.get(String(seat.seat));
    if (kept) showLink(item, kept);
    return item;
  }));
}

function showLink(item, url) {
  item.querySelector("input")?.remove();
  const field = document.createElement("input");
  field.readOnly = true;
  field.value = url;
  field.setAttribute("aria-label", "the new link: give it to this player only");
  field.addEventListener("focus", () => field.select());
  item.append(" ", field);
}
