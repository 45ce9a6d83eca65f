"""Play over SSH: ``tideboard serve``.

- ``server.py``  asyncssh: host key, identities, limits, one session per channel
- ``driver.py``  a Textual driver over an SSH channel (one per session)
- ``tables.py``  the tables: seats, moves applied by the server only, bots, chat
  (no Textual; kept in the game store)
- ``app.py``     the session's app: the lobby, then a table's game screen
- ``lobby.py``   the lobby screen; ``new_table.py`` its new-table dialog;
  ``lobby_list.py`` the list widget it and ``players.py``'s pages show
- ``table_screen.py`` a game's own screen playing one seat of a server table

Nothing here is imported by ``tideboard --help`` or by the local app.
"""
