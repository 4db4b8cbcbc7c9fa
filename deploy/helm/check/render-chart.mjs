// Renders a Helm chart the way `helm template` does, for the subset of Helm the chart uses: Go's
// own text/template (the real engine, compiled to WebAssembly by @evertdespiegeleer/go-template),
// the chart's _helpers.tpl defines available to every template, the values merged over
// values.yaml, and the built-in objects .Values, .Release and .Chart. Sprig's functions are not
// there, so a template that uses one fails here; a value a template names but values.yaml lacks
// fails too (missingkey=error), where Helm would print nothing.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as renderGoTemplate } from '@evertdespiegeleer/go-template';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

const isMap = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Helm's coalescing of values: maps merge key by key, anything else replaces. */
export function mergeValues(base, override) {
  if (!isMap(base) || !isMap(override)) return override === undefined ? base : override;
  const merged = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = key in base ? mergeValues(base[key], value) : value;
  return merged;
}

export function readYamlFile(path) {
  return parseYaml(readFileSync(path, 'utf8'), { uniqueKeys: true }) ?? {};
}

/** The chart's values.yaml with each override file (as `helm template -f`) merged over it in order. */
export function chartValues(chartDirectory, overrideFiles = []) {
  return overrideFiles.reduce((values, file) => mergeValues(values, readYamlFile(file)), readYamlFile(join(chartDirectory, 'values.yaml')));
}

/**
 * Renders every template of the chart. Returns, per template file, its text and the Kubernetes
 * objects it holds (empty documents dropped, as Helm does); NOTES.txt as text.
 */
export async function renderChart(chartDirectory, values, release = { Name: 'modelgate', Namespace: 'default' }) {
  const chart = readYamlFile(join(chartDirectory, 'Chart.yaml'));
  const context = {
    Values: values,
    Release: { Service: 'Helm', IsInstall: true, IsUpgrade: false, Revision: 1, ...release },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion, ApiVersion: chart.apiVersion },
  };
  const templatesDirectory = join(chartDirectory, 'templates');
  const files = readdirSync(templatesDirectory).sort();
  const helpers = files.filter((file) => file.startsWith('_')).map((file) => readFileSync(join(templatesDirectory, file), 'utf8')).join('\n');
  const rendered = [];
  let notes = '';
  for (const file of files.filter((name) => !name.startsWith('_'))) {
    const source = readFileSync(join(templatesDirectory, file), 'utf8');
    let text;
    try {
      text = await renderGoTemplate(`${helpers}${source}`, context);
    } catch (error) {
      throw new Error(`templates/${file}: ${error.message}`, { cause: error });
    }
    if (file === 'NOTES.txt') {
      notes = text;
      continue;
    }
    const objects = [];
    for (const document of parseAllDocuments(text, { uniqueKeys: true })) {
      if (document.errors.length > 0) throw new Error(`templates/${file} renders invalid YAML: ${document.errors[0].message}\n${text}`);
      const object = document.toJS();
      if (object !== null && object !== undefined) objects.push(object);
    }
    rendered.push({ file, text, objects });
  }
  return { manifests: rendered, objects: rendered.flatMap((manifest) => manifest.objects), notes };
}
