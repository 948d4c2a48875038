"""The rules of Level 10 in a few screens, for the How to play pager."""

TEXT = """Work through the 10 levels of 5 worlds: Sky, Forest, Swamp, Volcano and Desert. Each world is a row of the grid; each level is a column.

Each turn, fill one slot of the current column:
- play a card of that row's world, equal to or higher than the card to its left, or
- play a pause: it copies the value to its left, or
- place one of the row's two resets: the row starts again from 0. After a reset you may put up to 2 cards from your hand under the deck and draw as many.

Every column holds 4 cards and exactly 1 reset. You can't start the next column until this one is full.

When the deck is empty, a pause may bury one card of its row's world from your hand.

You win when all 40 level cards and 10 resets are placed; a buried card counts as placed. A pause played while the deck still has cards takes a slot a level card needed, so the game can no longer be fully won (no later pause makes up for it), but it goes on and still scores.

The game ends when the player on turn holds cards and can neither play one nor place a reset. A player with no cards may still place a reset; if they can't, their turn is skipped. When nobody can act the game ends, won if every card and reset is placed.

Score: level cards placed (buried ones too) and resets placed, plus a bonus for pauses never placed: 1, 2 or 3 unused give +10, +30 or +50 after a full win, +5, +20 or +40 otherwise. 100 is the most.

Keys: %(ok)s chooses, %(back)s goes back. Choose Reset or a pause, then its row; after a reset, choose 0-2 cards to put under the deck (in order) and Done.

Hint (? on a small screen) shows a good move without playing it: the cursor goes to its card, its row lights up and the message says the whole move. A game where a hint or Undo was used counts as assisted: it is counted apart and sets no records.

Watch a game, on the Level 10 menu, plays a deal by itself, a move every second and a half. %(back)s stops it, %(ok)s plays the next move at once.

Teammates: New game, Players 2-5 (4-7 cards each), Teammates bots or pass and play. With bots you are the first seat; the table says what each bot plays, then plays it (%(ok)s: at once). With pass and play everyone shares the handheld: between turns a screen hides the hands until the next player presses %(ok)s. Team games are not counted in the statistics.

Teammates may only say how many cards of a world they hold, which world they would like to play in, and which world's reset they would like to place. Talk tells your team: the line of a seat shows its cards, then each world's icon and count, an arrow and the world it would like to play in, the reset icon and the world it would like to reset. What you said is forgotten once you have played.

With 5 players, whoever completes a column plays again."""
