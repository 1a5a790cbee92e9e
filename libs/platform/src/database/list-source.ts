import type { AliasedExpression } from 'kysely';

/**
 * A module's published list facts (issue 30 item 6): a typed select over the module's own tables,
 * at most one row per key, that the back office joins with its own tables and with other modules'
 * sources in one statement, so its lists filter, sort and page in the database rather than over
 * whole id sets in application code. The SQL stays in the module that owns the tables (the
 * boundary test still finds no other schema in a module's source); only the row shape crosses,
 * and it is the source's declared type, never the module's table types.
 */
export interface ListSource<Row> {
  as<A extends string>(alias: A): AliasedExpression<Row, A>;
}
