"""The banker: the game's state, the commands that change it, and the rules of money, from the
turn flow to bankruptcy. Every front end talks to it through decisions and commands."""
