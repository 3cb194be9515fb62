/**
 * The PostgreSQL extensions every PGlite instance loads at open: the migrations create them (pg_trgm for the
 * audit search's index, migration 0025), and a database that holds such an index cannot be used without them.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
