"""The ``jantaku`` command-line commands, one module per command."""
