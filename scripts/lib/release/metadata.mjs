// package.json as n8n's verification reads it: a community package name and keyword, a public
// GitHub repository that homepage and bugs point at too, an author, and a licence file.

/** "owner/name" of a GitHub repository URL (git+https, https, git@, github: forms), or null. */
export function githubRepo(url) {
	const match = /^(?:git\+)?(?:https?:\/\/|git:\/\/|ssh:\/\/git@|git@)?(?:www\.)?github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i.exec(url ?? '')
		?? /^github:([\w.-]+)\/([\w.-]+)$/.exec(url ?? '');
	return match ? `${match[1]}/${match[2]}` : null;
}

/** Problems with package.json `pkg`; `rootFiles` are the names of the files beside it. */
export function checkMetadata(pkg, rootFiles) {
	const problems = [];
	if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?n8n-nodes-/.test(pkg.name ?? '')) problems.push(`name "${pkg.name}" must start with n8n-nodes- (or @scope/n8n-nodes-)`);
	if (!(pkg.keywords ?? []).includes('n8n-community-node-package')) problems.push('keywords must include n8n-community-node-package');

	const repoUrl = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
	const repo = githubRepo(repoUrl);
	if (!repo) problems.push(`repository.url "${repoUrl ?? ''}" is not a GitHub repository URL`);
	else {
		const homepage = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)\/?(#readme)?$/i.exec(pkg.homepage ?? '');
		if (!homepage) problems.push(`homepage "${pkg.homepage ?? ''}" must be the repository page, https://github.com/${repo}#readme`);
		else if (homepage[1].toLowerCase() !== repo.toLowerCase()) problems.push(`homepage points at ${homepage[1]} but repository.url at ${repo}`);
		const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url;
		if (bugs !== undefined && bugs.toLowerCase() !== `https://github.com/${repo}/issues`.toLowerCase()) {
			problems.push(`bugs "${bugs}" must be https://github.com/${repo}/issues`);
		}
	}

	const author = typeof pkg.author === 'string' ? { name: pkg.author.replace(/<.*$/, '').trim(), email: /<([^>]+)>/.exec(pkg.author)?.[1] } : (pkg.author ?? {});
	if (!author.name) problems.push('author.name is missing');
	if (!author.email) problems.push('author.email is missing');

	if (!pkg.license) problems.push('license is missing');
	if (!rootFiles.some((f) => /^LICEN[CS]E(\.md|\.txt)?$/i.test(f))) problems.push('no LICENSE file beside package.json');
	if (!rootFiles.some((f) => /^README(\.md)?$/i.test(f))) problems.push('no README beside package.json');
	if (!(pkg.files ?? []).includes('!dist/**/*.map')) problems.push('package.json "files" must exclude source maps ("!dist/**/*.map")');
	return problems;
}
