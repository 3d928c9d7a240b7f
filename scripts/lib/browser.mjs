// A headless Chromium (Debian's, see chromium.mjs) driven by playwright-core, with a fresh profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';
import { onCleanup } from './proc.mjs';

export async function launchBrowser({ viewport = { width: 1440, height: 900 } } = {}) {
	const executablePath = ensureChromium();
	const profile = mkdtempSync(path.join(tmpdir(), 'chromium-e2e-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath,
		args: CHROMIUM_ARGS,
		headless: true,
		viewport,
		deviceScaleFactor: 1,
	});
	const unregister = onCleanup(() => rmSync(profile, { recursive: true, force: true }));
	const page = context.pages()[0] ?? (await context.newPage());
	return {
		context,
		page,
		async close() {
			await context.close().catch(() => {});
			rmSync(profile, { recursive: true, force: true });
			unregister();
		},
	};
}
