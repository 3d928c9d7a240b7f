// The tag a release is published from, and the npm that publishes it.

/** Problems with publishing `version` from git tag `tag` (the tag must be exactly v<version>). */
export function checkTag(tag, version) {
	if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? '')) return [`package.json version "${version}" is not a semantic version`];
	if (!/^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(tag ?? '')) {
		return [`"${tag}" is not a version tag (vX.Y.Z): publish from a tag, not a branch`];
	}
	if (tag !== `v${version}`) return [`tag ${tag} does not match package.json's version ${version} (expected tag v${version})`];
	return [];
}

/**
 * npm trusted publishing (OIDC) needs npm 11.5.1 or newer; `userAgent` is npm's
 * npm_config_user_agent ("npm/11.6.2 node/v24.11.0 ...").
 */
export function checkPublishingNpm(userAgent) {
	const match = /(?:^|\s)npm\/(\d+)\.(\d+)\.(\d+)/.exec(userAgent ?? '');
	if (!match) return ['not run through npm (npm run check:release): cannot tell which npm will publish'];
	const [major, minor, patch] = match.slice(1).map(Number);
	const ok = major > 11 || (major === 11 && (minor > 5 || (minor === 5 && patch >= 1)));
	return ok ? [] : [`npm ${major}.${minor}.${patch} cannot publish through trusted publishing (OIDC); npm 11.5.1 or newer is needed (Node 24)`];
}
