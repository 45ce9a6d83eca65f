"""The game store: every game played on this machine, in one SQLite database.

- ``games.py``       the :class:`Store` (games and their moves, listings, export)
- ``db.py``          the connection: errors in a player's words, full-disk-safe writes
- ``schema.py``      the SQL schema and its migrations
- ``rows.py``        a stored game's row, read strictly
- ``records.py``     record files (export, resume, replay), read strictly
- ``writer.py``      ``GameWriter``: the app's handle on one stored game
- ``background.py``  the writer thread: writes in order, off the event loop
- ``autosaves.py``   importing the old autosave files once

Nothing here imports Textual.
"""
