-- Book Forge: every published book opens its discussion thread in this category (docs/ARCHITECTURE.md
-- "Book Forge"). Seeded on every database, demo or not; an existing category with the slug is kept.
INSERT INTO "categories" ("slug", "title", "description", "display_order", "mystical_theme")
VALUES ('books', 'Books', 'Talk about the books members write in Book Forge: one thread per book.', 7, 'book')
ON CONFLICT ("slug") DO NOTHING;
