"""What the ``python -m zalg`` command offers: ``commands`` (its subcommands) and
``doctor`` (what a bug report needs: the installation and how its extensions were built)."""
