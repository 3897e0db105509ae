"""The SQL database: SQLAlchemy 2 models, the async engine, Alembic migrations and the
SQL implementations of the repository protocols (SQLite embedded, PostgreSQL in
production; the same code)."""
