"""The table's hardware, to come: the dice module's line protocol (pure parsing), the serial
reader that forwards parsed rolls, and the named GPIO buttons, each with a fake for tests."""
