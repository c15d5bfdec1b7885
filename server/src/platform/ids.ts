const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id of ours (users, rooms): checked before it reaches a query, so a malformed id is a 404, not a 500. */
export const isUuid = (value: string) => UUID.test(value);
