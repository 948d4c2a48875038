"""The board game (Das Brettspiel) in a few screens, for the How to play pager; loaded
for the board game only (the card games' pages are help.py). The levels are the ones
level8/boardsides.py holds (tests/test_app_board_menu.py compares them)."""

TEXT = """Be the first through all 8 levels. Each round everyone is dealt number cards up to 10 (cards kept from the round before count); the 8 jokers wait in a stack of their own.

The roll: each turn starts with the dice. One of your two pieces moves by each die, clockwise (doubles: one by the number, the other by twice it). A space where another player's pieces stand is not counted; the big start space always is.

The two spaces: of the two spaces reached one is lit; an arrow lights the other, %(ok)s moves both pieces there and you do its action. Then you may lay out your level and add cards, as in LEVEL 8, and you end by discarding one card.

Actions: +1 card: the top of the draw pile or of any discard pile. +2 cards: that twice, the second after seeing the first. Card and again: a card, then a whole further turn (none if the first ends the round). Swap 1-3: discard 1 to 3 cards, then draw one more than that from the draw pile. All draw: everyone draws a card, you first. Joker: a joker from its stack (none left: any pile's top). Ask: name a number or a colour and a direction; the first player that way holding one gives you one and draws another (nobody: take any pile's top). Steal: every other player shows up to 3 cards; take one (its owner draws another). Any action (a star, the start too): choose another action; your pieces move on to its next free space.

Jokers stand for any card; once laid, a joker's value stays. Cards are written by colour letter and number: R7 is red 7 (R O Y G B V), W a joker; a laid joker shows its value: W7 stands for a 7, WG for green. A set of 6 or more or a run from 1 to 15 is full, yet still takes jokers. Once you have laid out and every laid combination is full, you may end by discarding two cards. When no card left can ever be added, the round ends with nobody out and everyone goes up 1.

Sides: on New game each player chooses a side of the level cards: 1 star (easier) or 2 stars (harder).

1 star: 1) a triple + a run of 3; 2) a pair + a pair + a triple; 3) a run of 4 + 4 cards of one colour; 4) a run of 8; 5) a triple + 5 cards of one colour; 6) a run of 9; 7) a quadruple + 5 cards of one colour; 8) a quadruple + a quadruple.

2 stars: 1) a triple + a run of 5; 2) a pair + a triple + a triple; 3) a triple + 5 cards of one colour; 4) a run of 9; 5) a triple + 3 cards of one colour; 6) a pair + 3 cards of one colour + 3 cards of one colour; 7) a triple + a set of 5; 8) a quadruple + a set of 5.

The round ends when someone gets rid of their last card: they go up 2 levels, everyone else who laid out goes up 1, and they deal the next round. Laying out level 8 wins at once; so does ending a round with level 7 laid out. Keeping four: everyone who did not lay out keeps up to 4 of their cards for the next round; choose them, then Done. The pieces stay where they are.

Keys: %(ok)s chooses, %(back)s opens the menu. Pass and play: everyone shares the handheld; a screen hides the hands until the next player presses %(ok)s."""
