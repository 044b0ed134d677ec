"""What the ``python -m zalg`` command offers: ``commands`` (its subcommands),
``doctor`` (what a bug report needs), ``warmup`` (compiling every kernel ahead)."""
