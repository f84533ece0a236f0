-- Extensions the schema relies on: trigram matching for name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
