import path from 'node:path';
import type { Config } from '../../config';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';
import type { FileStorage } from './storage';

/** S3-compatible storage when S3_BUCKET and its keys are set, otherwise DATA_DIR/files (DESIGN rule 7). */
export function createFileStorage(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  if (config.s3) return new S3FileStorage(config.s3);
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}
