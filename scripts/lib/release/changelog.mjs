// CHANGELOG.md has an entry for the version being released.

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Problems with `text` (CHANGELOG.md) for `version`: a "## <version>" heading (also "## [x.y.z]",
 * "## vx.y.z") with at least one line under it. When `releasing`, the heading must no longer say
 * "unreleased".
 */
export function checkChangelog(text, version, { releasing = false } = {}) {
	const lines = String(text ?? '').split(/\r?\n/);
	const heading = new RegExp(`^##\\s+\\[?v?${escape(version)}\\]?(\\s|$)`);
	const at = lines.findIndex((line) => heading.test(line));
	if (at === -1) return [`CHANGELOG.md has no entry for ${version} (a "## ${version}" heading)`];
	const body = [];
	for (const line of lines.slice(at + 1)) {
		if (/^##?\s/.test(line)) break;
		if (line.trim()) body.push(line);
	}
	const problems = [];
	if (body.length === 0) problems.push(`CHANGELOG.md's entry for ${version} is empty`);
	if (releasing && /unreleased/i.test(lines[at])) {
		problems.push(`CHANGELOG.md's heading for ${version} still says unreleased ("${lines[at].trim()}"): date it before tagging`);
	}
	return problems;
}
