"""The rules of the board: spaces, movement, rent, the cards, a table situation, and the
referee that explains a move. They decide nothing about money; the banker does."""
