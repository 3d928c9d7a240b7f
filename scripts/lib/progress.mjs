// A ticker for slow steps: prints what is going on and how long it has taken, every ~15 s.
export function formatSeconds(ms) {
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Starts a ticker; `describe()` returns extra detail for each line. Call the result to stop it. */
export function startTicker(label, { log = console.log, everyMs = 15000, describe = () => '' } = {}) {
	const started = Date.now();
	const timer = setInterval(() => {
		const detail = describe();
		log(`${label} ... ${formatSeconds(Date.now() - started)}${detail ? ` (${detail})` : ''}`);
	}, everyMs);
	timer.unref();
	return () => {
		clearInterval(timer);
		return Date.now() - started;
	};
}
