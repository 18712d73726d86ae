import { v7 as uuidv7 } from 'uuid';

/** Row ids are UUID v7 (docs/architecture.md): unique without coordination, and ordered by creation time. */
export const createId = () => uuidv7();
