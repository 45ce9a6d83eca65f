"""tideboard: ocean-themed tabletop games in the terminal."""

__version__ = "0.1.0"
