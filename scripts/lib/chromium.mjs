// Makes sure a Chromium for the browser e2e exists. On a clean CI machine (root, Debian) it is
// installed from Debian packages, because playwright's own browser download needs the internet.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd, args) {
	const res = spawnSync(cmd, args, {
		stdio: 'inherit',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
	if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status})`);
}

/** Returns the Chromium executable path, installing Debian's `chromium` when it is missing. */
export function ensureChromium({ log = console.log } = {}) {
	if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const sudo = isRoot ? [] : ['sudo', '-n'];
	log(`[chromium] ${CHROMIUM_PATH} missing, installing Debian package "chromium" (apt-get) ...`);
	const started = Date.now();
	const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args));
	apt(['update']);
	apt(['install', '-y', '--no-install-recommends', 'chromium']);
	if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
	log(`[chromium] installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return CHROMIUM_PATH;
}

/** Flags that keep a headless Chromium quiet and offline-friendly on a CI box. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];
