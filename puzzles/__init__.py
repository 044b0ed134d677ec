"""Pencil puzzles solved and designed with the zalg family algebra."""
