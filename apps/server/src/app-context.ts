/** What every module may depend on. buildApp receives it; modules take only the parts they use. */
import type { Site } from '@store/shared/site';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppSecrets } from './db/secrets';

export type AppContext = {
  config: Config;
  db: Database;
  /** config/site.json, validated, loaded once at start. */
  site: Site;
  secrets: AppSecrets;
};
