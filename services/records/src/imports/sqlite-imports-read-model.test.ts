import { describeImportsReadModel } from '../testing/imports-read-model-suite';
import { openSqliteBackend } from '../testing/records-harness';

describeImportsReadModel('the embedded SQLite store', async () => openSqliteBackend());
