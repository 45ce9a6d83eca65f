"""The Textual app.  It reads game states and dispatches actions; it never
changes a state itself (every change goes through the game's ``apply``)."""
