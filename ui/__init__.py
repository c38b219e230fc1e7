"""The Kivy touchscreen app, to come: one screen per module with its ``.kv`` file, view-models
that redraw from the game state, and the one controller that turns touches into commands."""
