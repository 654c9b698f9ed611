// The search runs on an in-memory index built from the articles (server/search/postings.ts): the
// full-text tables of 0002 are no longer read or written. Down recreates them empty (0002's up).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`DROP TABLE article_search`.execute(db);
  else {
    await sql`DROP TABLE article_fts_vocab`.execute(db);
    await sql`DROP TABLE article_fts`.execute(db);
    await sql`DROP TABLE article_fts_map`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE TABLE article_search (artnr text PRIMARY KEY, body text NOT NULL, tsv tsvector NOT NULL)`.execute(db);
    await sql`CREATE INDEX article_search_tsv ON article_search USING gin (tsv)`.execute(db);
    await sql`CREATE INDEX article_search_trgm ON article_search USING gin (body gin_trgm_ops)`.execute(db);
  } else {
    // contentless-delete table: small on disk, rows can still be replaced by rowid
    await sql`CREATE VIRTUAL TABLE article_fts USING fts5(artnr, body, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2", prefix='2 3 4')`.execute(db);
    await sql`CREATE TABLE article_fts_map (rowid INTEGER PRIMARY KEY, artnr TEXT NOT NULL UNIQUE)`.execute(db);
    // vocabulary for typo-tolerant fallback
    await sql`CREATE VIRTUAL TABLE article_fts_vocab USING fts5vocab(article_fts, 'row')`.execute(db);
  }
}
