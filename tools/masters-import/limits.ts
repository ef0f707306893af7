/**
 * Bounds on what masters:import reads. A published table has at most a few hundred rows (the 月額表 about
 * 240, the bonus rate table about 170, the kyokai rates 47 per premium month) and its CSV about 14 KB, so a
 * file 70 times larger or with 20 times more rows is not a table but a mistake or an attack: refused before
 * any master is written (issue 22: a 1,000,000-row import was written with exit 0 and then froze the server
 * that loaded it). The size is checked before the file is read, the rows while it is parsed.
 */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;
