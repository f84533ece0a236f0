-- The spelling dictionary's upkeep (search_words, docs/decisions/027). Triggers rather than the
-- application's write paths: posts are written by publishing, editing, moderation, held edits,
-- account deletion (a cascade) and bulk loads (scripts/seed-large.ts), and categories and pages
-- change their posts' readability too; a trigger sees every one of them.
--
-- A document is counted while every visitor may read it: a published post in an active category
-- (the search's post kind), or an informational page. Its words are the lexemes of its 'simple'
-- tsvector (posts.search), exactly what full-text search matches. Lexemes of weight A are the
-- ones a guest may read while reading is members-only (a post's title; every word of a page).

-- Words worth correcting to: 3 to 32 characters without digits, punctuation or spaces. Numbers,
-- addresses and hyphenated compounds stay out (the parser also gives their parts as words).
CREATE FUNCTION search_word_fits(word text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT char_length(word) BETWEEN 3 AND 32 AND word !~ '[[:digit:][:punct:][:space:]]'
$$;
--> statement-breakpoint

-- Adds signed counts, in word order (concurrent writers then lock dictionary rows in the same
-- order and cannot deadlock), and drops the words no readable document holds any more.
CREATE FUNCTION search_words_apply(words text[], documents integer[], guest_documents integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words AS w (word, documents, guest_documents)
  SELECT d.word, d.documents, d.guest_documents
  FROM unnest(words, documents, guest_documents) AS d(word, documents, guest_documents)
  WHERE d.documents <> 0 OR d.guest_documents <> 0
  ORDER BY d.word
  ON CONFLICT (word) DO UPDATE SET documents = w.documents + excluded.documents, guest_documents = w.guest_documents + excluded.guest_documents;
  DELETE FROM search_words WHERE word = ANY(words) AND documents <= 0;
$$;
--> statement-breakpoint

-- Whether a post counts: the visibility rule of the search's post kind (kinds/posts.server.ts).
CREATE FUNCTION search_post_counts(post_status text, post_category text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT post_status = 'published' AND EXISTS (SELECT 1 FROM categories c WHERE c.slug = post_category AND c.is_active)
$$;
--> statement-breakpoint

-- A page as one document, every word readable by guests (weight A).
CREATE FUNCTION search_page_document(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(body, '')), 'A')
$$;
--> statement-breakpoint

-- Posts inserted or deleted by one statement, counted together: a bulk insert of 100,000 posts
-- is one aggregate and one upsert, not 100,000 of each.
CREATE FUNCTION posts_search_words_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  ws text[];
  ds integer[];
  gs integer[];
BEGIN
  SELECT array_agg(x.word ORDER BY x.word), array_agg(direction * x.d ORDER BY x.word), array_agg(direction * x.g ORDER BY x.word)
  INTO ws, ds, gs
  FROM (
    SELECT u.lexeme AS word, count(*)::int AS d, (count(*) FILTER (WHERE 'A' = ANY(u.weights)))::int AS g
    FROM changed_posts p
    JOIN categories c ON c.slug = p.category AND c.is_active
    CROSS JOIN LATERAL unnest(p.search) AS u
    WHERE p.status = 'published' AND search_word_fits(u.lexeme)
    GROUP BY u.lexeme
  ) x;
  IF ws IS NOT NULL THEN
    PERFORM search_words_apply(ws, ds, gs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_words_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS changed_posts FOR EACH STATEMENT EXECUTE FUNCTION posts_search_words_rows();
--> statement-breakpoint
CREATE TRIGGER posts_search_words_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS changed_posts FOR EACH STATEMENT EXECUTE FUNCTION posts_search_words_rows();
--> statement-breakpoint

-- Posts updated by one statement: only rows whose title, content, status or category changed
-- count (view counts and last activity change far more often and touch nothing here); each
-- leaves with its old words if it counted before and comes back with its new ones if it counts
-- now. Set-based too, so a renamed category's posts moving to the new slug are one aggregate.
CREATE FUNCTION posts_search_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  gs integer[];
BEGIN
  SELECT array_agg(x.word ORDER BY x.word), array_agg(x.d ORDER BY x.word), array_agg(x.g ORDER BY x.word)
  INTO ws, ds, gs
  FROM (
    SELECT u.lexeme AS word, sum(c.sign)::int AS d, coalesce(sum(c.sign) FILTER (WHERE 'A' = ANY(u.weights)), 0)::int AS g
    FROM (
      SELECT o.search AS doc, o.status, o.category, -1 AS sign
      FROM old_posts o JOIN new_posts n ON n.id = o.id
      WHERE (o.title, o.content, o.status, o.category) IS DISTINCT FROM (n.title, n.content, n.status, n.category)
      UNION ALL
      SELECT n.search, n.status, n.category, 1
      FROM old_posts o JOIN new_posts n ON n.id = o.id
      WHERE (o.title, o.content, o.status, o.category) IS DISTINCT FROM (n.title, n.content, n.status, n.category)
    ) c
    JOIN categories cat ON cat.slug = c.category AND cat.is_active
    CROSS JOIN LATERAL unnest(c.doc) AS u
    WHERE c.status = 'published' AND search_word_fits(u.lexeme)
    GROUP BY u.lexeme
  ) x
  WHERE x.d <> 0 OR x.g <> 0;
  IF ws IS NOT NULL THEN
    PERFORM search_words_apply(ws, ds, gs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_words_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION posts_search_words_update();
--> statement-breakpoint

-- A category created, deleted, switched on or off or given another slug changes which posts
-- count: the posts of its old slug leave (if it was active) and those of its new slug come (if
-- it is active). Post writes wait meanwhile, so none is counted twice or missed; category
-- changes are rare admin actions.
CREATE FUNCTION categories_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_slug text;
  new_slug text;
  ws text[];
  ds integer[];
  gs integer[];
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.is_active THEN old_slug := OLD.slug; END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_active THEN new_slug := NEW.slug; END IF;
  IF old_slug IS NOT DISTINCT FROM new_slug THEN
    RETURN NULL;
  END IF;
  LOCK TABLE posts IN SHARE ROW EXCLUSIVE MODE;
  SELECT array_agg(x.word ORDER BY x.word), array_agg(x.d ORDER BY x.word), array_agg(x.g ORDER BY x.word)
  INTO ws, ds, gs
  FROM (
    SELECT u.lexeme AS word, sum(c.sign)::int AS d, coalesce(sum(c.sign) FILTER (WHERE 'A' = ANY(u.weights)), 0)::int AS g
    FROM (SELECT old_slug AS slug, -1 AS sign UNION ALL SELECT new_slug, 1) c
    JOIN posts p ON p.category = c.slug AND p.status = 'published'
    CROSS JOIN LATERAL unnest(p.search) AS u
    WHERE search_word_fits(u.lexeme)
    GROUP BY u.lexeme
  ) x
  WHERE x.d <> 0 OR x.g <> 0;
  IF ws IS NOT NULL THEN
    PERFORM search_words_apply(ws, ds, gs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION categories_search_words();
--> statement-breakpoint

-- Pages are a handful of rows, counted one by one.
CREATE FUNCTION pages_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  gs integer[];
BEGIN
  SELECT array_agg(x.word ORDER BY x.word), array_agg(x.d ORDER BY x.word), array_agg(x.d ORDER BY x.word)
  INTO ws, ds, gs
  FROM (
    SELECT u.lexeme AS word, sum(c.sign)::int AS d
    FROM (
      SELECT search_page_document(OLD.title, OLD.body) AS doc, -1 AS sign WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT search_page_document(NEW.title, NEW.body), 1 WHERE TG_OP <> 'DELETE'
    ) c
    CROSS JOIN LATERAL unnest(c.doc) AS u
    WHERE search_word_fits(u.lexeme)
    GROUP BY u.lexeme
  ) x
  WHERE x.d <> 0;
  IF ws IS NOT NULL THEN
    PERFORM search_words_apply(ws, ds, gs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pages_search_words AFTER INSERT OR DELETE ON pages FOR EACH ROW EXECUTE FUNCTION pages_search_words();
--> statement-breakpoint
CREATE TRIGGER pages_search_words_update AFTER UPDATE OF title, body ON pages FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body) EXECUTE FUNCTION pages_search_words();
--> statement-breakpoint

-- The dictionary counted afresh from every readable document: fills it for the rows that
-- existed before these triggers, after a TRUNCATE (which row and statement triggers above do not
-- see), and repairs it by hand if ever needed (`select search_words_rebuild()`).
CREATE FUNCTION search_words_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_words;
  INSERT INTO search_words (word, documents, guest_documents)
  SELECT u.lexeme, count(*), count(*) FILTER (WHERE 'A' = ANY(u.weights))
  FROM (
    SELECT p.search AS doc FROM posts p JOIN categories c ON c.slug = p.category AND c.is_active WHERE p.status = 'published'
    UNION ALL
    SELECT search_page_document(title, body) FROM pages
  ) d
  CROSS JOIN LATERAL unnest(d.doc) AS u
  WHERE search_word_fits(u.lexeme)
  GROUP BY u.lexeme;
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_rebuild_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_words_truncate AFTER TRUNCATE ON posts FOR EACH STATEMENT EXECUTE FUNCTION search_words_rebuild_trigger();
--> statement-breakpoint
CREATE TRIGGER categories_search_words_truncate AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION search_words_rebuild_trigger();
--> statement-breakpoint
CREATE TRIGGER pages_search_words_truncate AFTER TRUNCATE ON pages FOR EACH STATEMENT EXECUTE FUNCTION search_words_rebuild_trigger();
--> statement-breakpoint
SELECT search_words_rebuild();
