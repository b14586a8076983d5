// `data-code-language` carries Pygments' name for the lexer a fence's language selects (`js`
// and `javascript` both give "JavaScript"), or the language as typed when Pygments has no such
// lexer. This table holds the lexers of the languages chat messages use most; a language missing
// here is shown as typed. Zulip also colours the code of a known language with Pygments' token
// spans; we write the code plain (those spans come from Pygments' lexers and are not rendered
// here), so only a block without a language, or with one Pygments does not know, is byte-exact.
const PYGMENTS_NAMES: Readonly<Record<string, string>> = {
  bash: 'Bash',
  sh: 'Bash',
  shell: 'Bash',
  zsh: 'Bash',
  c: 'C',
  cpp: 'C++',
  'c++': 'C++',
  csharp: 'C#',
  'c#': 'C#',
  css: 'CSS',
  diff: 'Diff',
  go: 'Go',
  golang: 'Go',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  kotlin: 'Kotlin',
  markdown: 'Markdown',
  md: 'Markdown',
  php: 'PHP',
  py: 'Python',
  py3: 'Python',
  python: 'Python',
  python3: 'Python',
  py2: 'Python 2.x',
  python2: 'Python 2.x',
  ruby: 'Ruby',
  rb: 'Ruby',
  rust: 'Rust',
  rs: 'Rust',
  scala: 'Scala',
  sql: 'SQL',
  swift: 'Swift',
  tex: 'TeX',
  latex: 'TeX',
  text: 'Text only',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
};

export function codeLanguageName(language: string): string {
  return PYGMENTS_NAMES[language] ?? language;
}
