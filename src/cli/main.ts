import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DocsgenError, DocsgenErrors, errorsIn, UsageError } from '../errors.ts';
import { exitCodes } from './exitCodes.ts';
import { adminKeyVariable } from './adminKey.ts';
import { engineRoot } from '../engineRoot.ts';

const packageJson = JSON.parse(readFileSync(path.join(engineRoot, 'package.json'), 'utf8')) as { version: string };

function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new InvalidArgumentError('must be a port number (0–65535)');
  return parsed;
}

/**
 * Parses the command line, runs the command and returns the exit code; never calls process.exit.
 * Each command's code is imported when it runs: `--help` or `--version` need none of it.
 */
export async function main(argv: string[]): Promise<number> {
  let exitCode: number = exitCodes.ok;
  // What the running command adds after its error (a failed build leaves the previous output).
  let afterError: string | undefined;
  const program = new Command()
    .name('docsgen')
    .description('Builds, serves and checks a documentation site written in Markdown, rendered with React.')
    .version(packageJson.version)
    .option('--root <dir>', 'project root', process.cwd())
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });

  program
    .command('init')
    .description('write a new site (config, home page, three docs pages, an OpenAPI example) into a folder')
    .argument('[dir]', 'the folder (created if missing)', '.')
    .option('--name <name>', 'the site\'s name (asked on a terminal; default "My Docs")')
    .option('--api', 'with an API reference built from an OpenAPI example (the default)')
    .option('--no-api', 'docs pages only, no API reference')
    .option('-y, --yes', 'ask nothing: the options given, else the defaults', false)
    .action(async (dir: string, options: { name?: string; api?: boolean; yes: boolean }) => {
      exitCode = await (await import('./init.ts')).runInit({ dir: path.resolve(program.opts().root, dir), ...options });
    });

  program
    .command('build')
    .description('build the site into a folder (default dist/)')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--config <file>', 'config file', 'docsgen.config.ts')
    .option('--no-cache', 'render everything afresh, ignoring .docsgen-cache')
    .option('--quiet', 'print only errors (no progress, no summary)', false)
    .action(async (options: { out: string; config: string; cache: boolean; quiet: boolean }) => {
      afterError = 'The previous output folder was left as it was.';
      exitCode = await (
        await import('./build.ts')
      ).runBuild({
        root: program.opts().root,
        outDir: options.out,
        configFile: options.config,
        cache: options.cache,
        quiet: options.quiet,
      });
    });

  program
    .command('serve')
    .description('build the site and serve it (with --watch: rebuild and reload on every change)')
    .option('--watch', 'rebuild on changes and reload open pages', false)
    .option('--port <n>', 'port to listen on', port, 3000)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--allowed-host <name>',
      'also answer requests for this host name (repeatable)',
      (name: string, names: string[]) => [...names, name],
      [] as string[],
    )
    .option('--out <dir>', 'output folder', 'dist')
    .option('--config <file>', 'config file', 'docsgen.config.ts')
    .option('--open', 'open the site in a browser', false)
    .action(
      async (options: {
        watch: boolean;
        port: number;
        host: string;
        allowedHost: string[];
        out: string;
        config: string;
        open: boolean;
      }) => {
        exitCode = await (
          await import('./serve.ts')
        ).runServe({
          root: program.opts().root,
          ...options,
          allowedHosts: options.allowedHost,
          outDir: options.out,
          configFile: options.config,
        });
      },
    );

  program
    .command('check-links')
    .description('check every internal link and anchor of the site (content and generated pages)')
    .option('--json', 'print the report as JSON', false)
    .option('--external', 'also fetch external links (8 at a time, 10 s timeout each)', false)
    .option('--config <file>', 'config file', 'docsgen.config.ts')
    .action(async (options: { json: boolean; external: boolean; config: string }) => {
      exitCode = await (
        await import('./checkLinks.ts')
      ).runCheckLinks({
        root: program.opts().root,
        configFile: options.config,
        json: options.json,
        external: options.external,
      });
    });

  program
    .command('version')
    .description('snapshot the current docs and OpenAPI description as an older version named <label>')
    .argument('<label>', "the version's name in its routes (/docs/<label>/) and the version dropdown, such as 2.9.0")
    .option('--config <file>', 'config file', 'docsgen.config.ts')
    .action(async (label: string, options: { config: string }) => {
      exitCode = await (
        await import('./version.ts')
      ).runVersion({ root: program.opts().root, label, configFile: options.config });
    });

  const api = program.command('api').description('work with OpenAPI descriptions');
  api
    .command('diff')
    .description('print what changed from one OpenAPI description to another, each change breaking or not')
    .argument('<old>', 'the old description (its root file, from the project root)')
    .argument('<new>', 'the new description')
    .addOption(new Option('--fail-on <class>', 'exit 1 when a change of this class is found').choices(['breaking']))
    .option('--json', 'print the changes as JSON', false)
    .action(async (old: string, next: string, options: { failOn?: 'breaking'; json: boolean }) => {
      exitCode = await (
        await import('./apiDiff.ts')
      ).runApiDiff({ root: program.opts().root, old, new: next, ...options });
    });

  const search = program.command('search').description('export or upload the search records of a built site');
  search
    .command('export')
    .description('write the search records of the built site as JSON')
    .option('--out <dir>', 'build folder', 'dist')
    .option('--file <file>', 'write the records to this file (default: standard output)')
    .action(async (options: { out: string; file?: string }) => {
      exitCode = await (
        await import('./searchExport.ts')
      ).runSearchExport({ root: program.opts().root, outDir: options.out, file: options.file });
    });
  search
    .command('push')
    .description(`replace the hosted index's records with the built site's (admin key from ${adminKeyVariable})`)
    .option('--out <dir>', 'build folder', 'dist')
    .option('--config <file>', 'config file', 'docsgen.config.ts')
    .action(async (options: { out: string; config: string }) => {
      exitCode = await (
        await import('./searchPush.ts')
      ).runSearchPush({ root: program.opts().root, outDir: options.out, configFile: options.config });
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usageError;
    }
    // The one place a command's errors are printed: each on its own, sorted by file, paths relative to the project.
    if (error instanceof DocsgenError) {
      const root = path.resolve(program.opts().root);
      const errors = errorsIn(error);
      for (const each of errors) console.error(`error: ${each.format(root)}`);
      const summary = error instanceof DocsgenErrors ? error.summary : undefined;
      if (summary !== undefined || errors.length > 1) console.error(summary ?? `${errors.length} errors.`);
      if (afterError) console.error(afterError);
      return exitCodes.contentError;
    }
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}`);
      return exitCodes.usageError;
    }
    throw error;
  }
  return exitCode;
}
