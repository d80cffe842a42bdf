import path from 'node:path';
import { ConfigError } from '../configError';
import { storeLocationOf } from '../config';

// The store the operator's commands open (docs/deploy.md, The release): PORTAL_DATA_DIR and
// DATABASE_URL read by the configuration schema, as the portal reads them.

const CWD = path.resolve('/srv/portal');

it("is the schema's default, .data in the folder it runs from, in SQLite, when nothing is set", () => {
  expect(storeLocationOf({}, CWD)).toEqual({
    dataDir: path.join(CWD, '.data'),
    databaseUrl: null,
  });
});

it('counts a blank value as unset', () => {
  expect(storeLocationOf({ PORTAL_DATA_DIR: ' ', DATABASE_URL: '  ' }, CWD)).toEqual({
    dataDir: path.join(CWD, '.data'),
    databaseUrl: null,
  });
});

it('takes a relative folder from where it runs, and DATABASE_URL trimmed', () => {
  expect(
    storeLocationOf(
      { PORTAL_DATA_DIR: 'var/data ', DATABASE_URL: ' postgres://portal@db.internal/portal' },
      CWD,
    ),
  ).toEqual({
    dataDir: path.join(CWD, 'var', 'data'),
    databaseUrl: 'postgres://portal@db.internal/portal',
  });
});

it('refuses a DATABASE_URL that is not PostgreSQL, as the portal does, without repeating it', () => {
  const read = () => storeLocationOf({ DATABASE_URL: 'mysql://portal:secret@db/portal' }, CWD);
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(/^DATABASE_URL must be a PostgreSQL connection URL/);
  expect(read).not.toThrow(/secret/);
});
