// Where a system program is: on PATH, else where Debian puts it. A root shell's PATH may lack the sbin
// folders (`su` without `-`, some containers), and `runuser` lives in /usr/sbin.
import { existsSync } from 'node:fs';
import path from 'node:path';

const DEBIAN_FOLDERS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** The full path of `name`; the bare name when it is nowhere (the spawn then says ENOENT with it). */
export function systemBinary(name) {
	const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...DEBIAN_FOLDERS];
	return folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file)) ?? name;
}
