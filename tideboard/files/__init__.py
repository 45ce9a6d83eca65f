"""What tideboard reads and writes on this machine besides the game store: where its
folders are (``paths.py``), the player's settings (``settings.py``), the colour themes
and stylesheets (``themes.py``) and the rules pages (``rules_pages.py``).  Nothing here
imports Textual."""
