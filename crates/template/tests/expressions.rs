//! The expression language and every function family, checked against outputs of
//! the official engine (adaptivecards-templating 2.3.1 with adaptive-expressions
//! 4.23.3, run on a UTC machine). Each case expands `{"v": <template string>}`.
//!
//! Expected values are JSON; `ERROR` means the official engine fails the whole
//! expansion, `<<undefined>>` that it omits the property.

use serde_json::{Value, json};

const DATA: &str = r#"{"name": "Matt", "n": 5, "f": 1.5, "neg": -3, "zero": 0, "empty": "", "t": true, "nul": null, "arr": [{"n": "a", "v": 1}, {"n": "b", "v": 2}, {"n": "c", "v": 3}], "nums": [3, 1, 2, 10], "strs": ["b", "a", "c"], "o": {"k": "v", "K2": "w"}, "date": "2019-06-19T10:20:30.000Z", "ep": 1557000000, "tk": "636965431200000000", "s": "Hello World", "big": 12345.678, "nested": {"list": [{"deep": {"x": "y"}}]}}"#;

type Group = (&'static str, &'static [(&'static str, &'static str)]);

const GROUPS: &[Group] = &[
    // paths
    (
        "paths",
        &[
            (r"${name}", r#""Matt""#),
            (r"${NAME}", r#""Matt""#),
            (r"${nested.list[0].deep.x}", r#""y""#),
            (r"${nested.list[1].deep.x}", r#""${nested.list[1].deep.x}""#),
            (r"${nested['list'][0]['deep'].x}", r#""y""#),
            (r"${arr[1].n}", r#""b""#),
            (r"${arr[9]}", r"ERROR"),
            (r"${o.k2}", r#""w""#),
            (r"${$root.n}", r"5"),
            (r"${$data.n}", r"5"),
            (r"${missing}", r#""${missing}""#),
            (r"a ${missing.x} b", r#""a ${missing.x} b""#),
            (r"${missing[0]}", r"ERROR"),
            (r"x ${missing[0]} y", r#""x ${missing[0]} y""#),
            (r"${nul}", r"null"),
            (
                r"${arr}",
                r#"[{"n": "a", "v": 1}, {"n": "b", "v": 2}, {"n": "c", "v": 3}]"#,
            ),
            (r"${o}", r#"{"k": "v", "K2": "w"}"#),
            (r"${first(arr).n}", r#""a""#),
            (r"${first(arr).zz}", r#""${zz}""#),
            (r"${$index}", r#""${$index}""#),
        ],
    ),
    // literals
    (
        "literals",
        &[
            (r"${1}", r#""1""#),
            (r"${'a'}", r#""a""#),
            (r#"${"dq"}"#, r#""dq""#),
            (r"${true}", r#""true""#),
            (r"${null}", r"ERROR"),
            (r"${[1, 'a', true]}", r#"[1, "a", true]"#),
            (r"${{a: 1, 'b': [2]}}", r#"{"a": 1, "b": [2]}"#),
            (r"${-n}", r"-5"),
            (r"${'it\'s'}", r#""it's""#),
            (r"${'tab\tx'}", r#""tab\tx""#),
            (r"${1.25}", r#""1.25""#),
            (r"${undefined}", r"ERROR"),
            (r"v=${undefined}", r"ERROR"),
        ],
    ),
    // arith
    (
        "arith",
        &[
            (r"${n + 1}", r"6"),
            (r"${n - 10}", r"-5"),
            (r"${n * f}", r"7.5"),
            (r"${n / 2}", r"2"),
            (r"${n / 2.0}", r"2"),
            (r"${f / 2}", r"0.75"),
            (r"${n % 3}", r"2"),
            (r"${neg % 2}", r"-1"),
            (r"${2 ^ 10}", r"1024"),
            (r"${n + 'x'}", r#""5x""#),
            (r"${'x' + n}", r#""x5""#),
            (r"${n + missing}", r#""5${missing}""#),
            (r"${n / 0}", r"ERROR"),
            (r"a ${n / 0} b", r#""a ${(n / 0)} b""#),
            (r"${1 + 2 * 3 - 4}", r"3"),
            (r"${(1 + 2) * 3}", r"9"),
            (r"${add(1, 2, 3)}", r"6"),
            (r"${sub(10, 1, 2)}", r"7"),
            (r"${mul(2, 3, 4)}", r"24"),
            (r"${div(100, 7)}", r"14"),
            (r"${mod(10, 4)}", r"2"),
            (r"${exp(2, 3)}", r"8"),
            (r"${0.1 + 0.2}", r"0.30000000000000004"),
            (r"${f * 3}", r"4.5"),
            (r"${n + nul}", r"ERROR"),
            (r"x ${f % 1} y", r#""x ${(f % 1)} y""#),
        ],
    ),
    // compare
    (
        "compare",
        &[
            (r"${n > 3}", r"true"),
            (r"${n >= 5}", r"true"),
            (r"${n < 5}", r"false"),
            (r"${n <= 4}", r"false"),
            (r"${n == 5}", r"true"),
            (r"${n != 5}", r"false"),
            (r"${name == 'Matt'}", r"true"),
            (r"${'a' < 'b'}", r"true"),
            (r"${n > 'a'}", r"ERROR"),
            (r"${missing > 1}", r"false"),
            (r"${missing == null}", r"true"),
            (r"${nul == missing}", r"true"),
            (r"${arr == arr}", r"true"),
            (r"${o == {k: 'v', K2: 'w'}}", r"true"),
            (r"${equals(n, 5.0)}", r"true"),
            (r"${greater(n, 1)}", r"true"),
            (r"${lessOrEquals(n, 5)}", r"true"),
            (r"${1 < 2 == true}", r"ERROR"),
            (r"${'a' & 'b' == 'ab'}", r#""afalse""#),
        ],
    ),
    // logic
    (
        "logic",
        &[
            (r"${t && n > 1}", r"true"),
            (r"${t && missing}", r"false"),
            (r"${zero || empty}", r"true"),
            (r"${!zero}", r"false"),
            (r"${!missing}", r"true"),
            (r"${!nul}", r"true"),
            (r"${not(t)}", r"false"),
            (r"${and(t, t, false)}", r"false"),
            (r"${or(false, missing, 1)}", r"true"),
            (r"${if(n > 3, 'big', 'small')}", r#""big""#),
            (r"${n > 3 ? 'big' : 'small'}", r#""big""#),
            (r"${if(missing, 1, 2)}", r"2"),
            (r"${exists(name)}", r"true"),
            (r"${exists(missing)}", r"false"),
            (r"${exists(nul)}", r"false"),
            (r"x ${exists(missing)}", r#""x false""#),
            (r"${missing ?? 'd'}", r#""${missing}""#),
            (r"${nul ?? 'd'}", r#""d""#),
            (r"${coalesce(nul, missing, 3)}", r#""${missing}""#),
            (r"${empty(empty)}", r"true"),
            (r"${empty(arr)}", r"false"),
            (r"${empty(o)}", r"false"),
            (r"${empty(n)}", r"false"),
            (r"${empty(nul)}", r"true"),
            (r"${isString(name)}", r"true"),
            (r"${isInteger(n)}", r"true"),
            (r"${isInteger(f)}", r"false"),
            (r"${isFloat(f)}", r"true"),
            (r"${isArray(arr)}", r"true"),
            (r"${isObject(o)}", r"true"),
            (r"${isObject(nul)}", r"true"),
            (r"${isBoolean(t)}", r"true"),
            (r"${bool('False')}", r"false"),
            (r"${bool(0)}", r"false"),
            (r"${bool('yes')}", r"true"),
            (r"${bool(nul)}", r"false"),
        ],
    ),
    // string
    (
        "string",
        &[
            (r"${concat('a', n, nul, 'b')}", r"ERROR"),
            (
                r"${concat(arr, strs)}",
                r#""[object Object],[object Object],[object Object]b,a,c""#,
            ),
            (r"${'a' & n & t}", r#""a5true""#),
            (r"${length(s)}", r"11"),
            (r"${length(missing)}", r"10"),
            (r"${toLower(s)}", r#""hello world""#),
            (r"${toUpper(s)}", r#""HELLO WORLD""#),
            (r"${trim('  x  ')}", r#""x""#),
            (r"${substring(s, 6)}", r#""World""#),
            (r"${substring(s, 0, 5)}", r#""Hello""#),
            (r"${substring(s, 20)}", r"ERROR"),
            (r"${substring(missing, 1)}", r#""{missing}""#),
            (r"${replace(s, 'o', '0')}", r#""Hell0 W0rld""#),
            (r"${replace(s, '', 'x')}", r"ERROR"),
            (
                r"${replaceIgnoreCase(s, 'WORLD', 'There')}",
                r#""Hello There""#,
            ),
            (r"${split('a,b,,c', ',')}", r#"["a", "b", "", "c"]"#),
            (r"${split('abc', '')}", r#"["a", "b", "c"]"#),
            (r"${split('abc')}", r#"["a", "b", "c"]"#),
            (r"${join(strs, '-')}", r#""b-a-c""#),
            (r"${join(nums, ', ', ' and ')}", r#""3, 1, 2 and 10""#),
            (
                r"${join(createArray('x', 'y'), ', ', ' and ')}",
                r#""x and y""#,
            ),
            (r"${indexOf(s, 'o')}", r"4"),
            (r"${indexOf(s, 'zz')}", r"-1"),
            (r"${lastIndexOf(s, 'o')}", r"7"),
            (r"${indexOf(strs, 'c')}", r"2"),
            (r"${startsWith(s, 'Hell')}", r"true"),
            (r"${endsWith(s, 'x')}", r"false"),
            (r"${contains(s, 'World')}", r"true"),
            (r"${contains(strs, 'a')}", r"true"),
            (r"${contains(o, 'k')}", r"true"),
            (r"${contains(arr, {n: 'a', v: 1})}", r"true"),
            (r"${countWord(s)}", r"2"),
            (r"${addOrdinal(1)}", r#""1st""#),
            (r"${addOrdinal(12)}", r#""12th""#),
            (r"${addOrdinal(23)}", r#""23rd""#),
            (r"${addOrdinal(101)}", r#""101st""#),
            (r"${sentenceCase('hELLO wORLD')}", r#""Hello world""#),
            (
                r"${titleCase('hello wORLD-x y_z')}",
                r#""Hello World-x Y_z""#,
            ),
            (r"${length(toUpper('é'))}", r"1"),
            (r"${string(n)}", r#""5""#),
            (r"${string(big)}", r#""12,345.678""#),
            (r"${string(1234567)}", r#""1,234,567""#),
            (r"${string(neg)}", r#""−3""#),
            (r"${string(f)}", r#""1.5""#),
            (r"${string(o)}", r#""{\"k\":\"v\",\"K2\":\"w\"}""#),
            (
                r"${string(arr)}",
                r#""[{\"n\":\"a\",\"v\":1},{\"n\":\"b\",\"v\":2},{\"n\":\"c\",\"v\":3}]""#,
            ),
            (r"${string(t)}", r#""true""#),
            (r"${string(nul)}", r#""""#),
            (r"${string(missing)}", r#""${missing}""#),
            (r"${string(1234.5, 'de-DE')}", r#""1.234,5""#),
            (
                r"${uriComponent('a b&c/d?é')}",
                r#""a%20b%26c%2Fd%3F%C3%A9""#,
            ),
            (r"${EOL()}", r#""\n""#),
        ],
    ),
    // math
    (
        "math",
        &[
            (r"${min(nums)}", r"1"),
            (r"${max(nums)}", r"10"),
            (r"${min(1, 2, nums)}", r"1"),
            (r"${max(createArray())}", r"null"),
            (r"${sum(nums)}", r"16"),
            (r"${sum(createArray())}", r"ERROR"),
            (r"${average(nums)}", r"4"),
            (r"${count(nums)}", r"4"),
            (r"${count(s)}", r"11"),
            (r"${count(o)}", r"2"),
            (r"${round(2.5)}", r"3"),
            (r"${round(-2.5)}", r"-2"),
            (r"${round(1.2345, 2)}", r"1.23"),
            (r"${round(1.5, 16)}", r"ERROR"),
            (r"${floor(f)}", r"1"),
            (r"${ceiling(f)}", r"2"),
            (r"${abs(neg)}", r"3"),
            (r"${sqrt(16)}", r"4"),
            (r"${sqrt(neg)}", r"ERROR"),
            (r"${range(2, 3)}", r"[2, 3, 4]"),
            (r"${range(1, 0)}", r"ERROR"),
            (r"${float('3.5x')}", r"3.5"),
            (r"${float('x')}", r"ERROR"),
            (r"${int('42abc')}", r"42"),
            (r"${int(f)}", r"1"),
            (r"${int(-2.7)}", r"-2"),
            (r"${int(t)}", r"<<undefined>>"),
            (r"${formatNumber(big, 2)}", r#""12,345.68""#),
            (r"${formatNumber(big, 0)}", r#""12,346""#),
            (r"${formatNumber(neg, 1)}", r#""−3.0""#),
            (r"${formatNumber(0.125, 2)}", r#""0.13""#),
            (r"${formatNumber(1234.5, 2, 'fr-FR')}", r#""1 234,50""#),
            (r"${formatNumber(name, 2)}", r"ERROR"),
            (r"${formatNumber(n, 1.5)}", r"ERROR"),
            (r#"${json('{"a": [1, 2]}').a[1]}"#, r"2"),
            (r"${json('nope')}", r"ERROR"),
            (r"${jsonStringify(o)}", r#""{\"k\":\"v\",\"K2\":\"w\"}""#),
            (
                r"${jsonStringify(createArray(1.0, 'a', nul))}",
                r#""[1,\"a\",null]""#,
            ),
        ],
    ),
    // collection
    (
        "collection",
        &[
            (r"${createArray(1, 'b')}", r#"[1, "b"]"#),
            (r"${first(nums)}", r"3"),
            (r"${last(nums)}", r"10"),
            (r"${first(s)}", r#""H""#),
            (r"${last(s)}", r#""d""#),
            (r"${first(createArray())}", r"<<undefined>>"),
            (r"${take(nums, 2)}", r"[3, 1]"),
            (r"${take(s, 5)}", r#""Hello""#),
            (r"${take(nums, -1)}", r"[]"),
            (r"${skip(nums, 2)}", r"[2, 10]"),
            (r"${skip(nums, 10)}", r"[]"),
            (r"${subArray(nums, 1, 3)}", r"[1, 2]"),
            (r"${subArray(nums, 1)}", r"[1, 2, 10]"),
            (r"${subArray(nums, 3, 9)}", r"ERROR"),
            (r"${union(nums, createArray(1, 7))}", r"[3, 1, 2, 10, 7]"),
            (r"${intersection(nums, createArray(1, 3, 8))}", r"[3, 1]"),
            (r"${unique(createArray(1, 1, 'a', 'a'))}", r#"[1, "a"]"#),
            (r"${reverse(nums)}", r"[10, 2, 1, 3]"),
            (r"${reverse(s)}", r#""dlroW olleH""#),
            (
                r"${flatten(createArray(1, createArray(2, createArray(3))))}",
                r"[1, 2, 3]",
            ),
            (
                r"${flatten(createArray(1, createArray(2, createArray(3))), 1)}",
                r"[1, 2, [3]]",
            ),
            (
                r"${indicesAndValues(strs)}",
                r#"[{"index": 0, "value": "b"}, {"index": 1, "value": "a"}, {"index": 2, "value": "c"}]"#,
            ),
            (
                r"${indicesAndValues(o)}",
                r#"[{"index": "k", "value": "v"}, {"index": "K2", "value": "w"}]"#,
            ),
            (r"${sortBy(nums)}", r"[1, 10, 2, 3]"),
            (r"${sortByDescending(nums)}", r"[3, 2, 10, 1]"),
            (
                r"${sortBy(arr, 'v')}",
                r#"[{"n": "a", "v": 1}, {"n": "b", "v": 2}, {"n": "c", "v": 3}]"#,
            ),
            (
                r"${sortByDescending(arr, 'n')}",
                r#"[{"n": "c", "v": 3}, {"n": "b", "v": 2}, {"n": "a", "v": 1}]"#,
            ),
            (r"${sortBy(strs)}", r#"["a", "b", "c"]"#),
            (r"${select(arr, x, x.v * 10)}", r"[10, 20, 30]"),
            (r"${select(arr, x => x.n)}", r#"["a", "b", "c"]"#),
            (
                r"${foreach(arr, item, concat(item.n, '!'))}",
                r#"["a!", "b!", "c!"]"#,
            ),
            (r"${select(o, e, e.key)}", r#"["k", "K2"]"#),
            (r"${select(missing, x, x)}", r"ERROR"),
            (r"${select(nul, x, x)}", r"ERROR"),
            (
                r"${where(arr, x, x.v >= 2)}",
                r#"[{"n": "b", "v": 2}, {"n": "c", "v": 3}]"#,
            ),
            (r"${where(o, e, e.value == 'v')}", r#"{"k": "v"}"#),
            (r"${any(arr, x, x.v > 2)}", r"true"),
            (r"${all(arr, x, x.v > 2)}", r"false"),
            (r"${all(createArray(), x, false)}", r"true"),
            (
                r"${select(arr, x, x.missing)}",
                r#"["${x.missing}", "${x.missing}", "${x.missing}"]"#,
            ),
            (r"x ${select(arr, x, x.v)} y", r#""x 1,2,3 y""#),
            (r"${count(where(nums, x, x > 2))}", r"2"),
            (r"${getProperty(o, 'k')}", r#""v""#),
            (r"${getProperty('name')}", r#""Matt""#),
            (r"${getProperty(o, 'zz')}", r#""${zz}""#),
            (r"${setProperty(o, 'k', 1)}", r#"{"k": 1, "K2": "w"}"#),
            (
                r"${addProperty(o, 'z', 1)}",
                r#"{"k": "v", "K2": "w", "z": 1}"#,
            ),
            (r"${addProperty(o, 'k', 1)}", r"ERROR"),
            (r"${removeProperty(o, 'k')}", r#"{"K2": "w"}"#),
            (
                r"${merge(o, {k: 2, m: 3})}",
                r#"{"k": 2, "K2": "w", "m": 3}"#,
            ),
            (r"${merge(o, 5)}", r"ERROR"),
        ],
    ),
    // dates
    (
        "dates",
        &[
            (r"${formatDateTime(date)}", r#""2019-06-19T10:20:30.000Z""#),
            (r"${formatDateTime(date, 'yyyy-MM-dd')}", r#""2019-06-19""#),
            (
                r"${formatDateTime(date, 'dddd d MMMM yyyy h:mm tt')}",
                r#""Wednesday 19 June 2019 10:20 AM""#,
            ),
            (
                r"${formatDateTime('2019-06-19', 'yyyy-MM-ddTHH:mm:ssZ')}",
                r#""2019-06-19T00:00:00+00:00""#,
            ),
            (
                r"${formatDateTime('06/19/2019 13:05', 'HH:mm')}",
                r#""13:05""#,
            ),
            (r"${formatDateTime('garbage')}", r"ERROR"),
            (r"${formatDateTime(n)}", r"ERROR"),
            (
                r"${formatDateTime(date, 'MMM dd yy, ddd')}",
                r#""Jun 19 19, Wed""#,
            ),
            (r"${formatDateTime(date, 'fff')}", r#""000""#),
            (r"${formatDateTime(date, 'H:m:s')}", r#""10:20:30""#),
            (r"${formatEpoch(ep)}", r#""2019-05-04T20:00:00.000Z""#),
            (
                r"${formatEpoch(ep, 'yyyy-MM-dd HH:mm')}",
                r#""2019-05-04 20:00""#,
            ),
            (r"${formatEpoch(1.5)}", r#""1970-01-01T00:00:01.500Z""#),
            (r"${formatEpoch(name)}", r"ERROR"),
            (r"${formatTicks(tk)}", r#""2019-06-19T12:12:00.000Z""#),
            (r"${formatTicks(int(tk), 'yyyy')}", r#""2019""#),
            (r"${formatTicks('x')}", r"ERROR"),
            (r"${addDays(date, 3)}", r#""2019-06-22T10:20:30.000Z""#),
            (r"${addDays(date, -20, 'yyyy-MM-dd')}", r#""2019-05-30""#),
            (r"${addDays('2019-06-19', 1)}", r"ERROR"),
            (r"${addHours(date, 5)}", r#""2019-06-19T15:20:30.000Z""#),
            (r"${addMinutes(date, 90)}", r#""2019-06-19T11:50:30.000Z""#),
            (r"${addSeconds(date, 45)}", r#""2019-06-19T10:21:15.000Z""#),
            (
                r"${addToTime(date, 1, 'Month')}",
                r#""2019-07-19T10:20:30.000Z""#,
            ),
            (
                r"${addToTime(date, 2, 'Week', 'yyyy-MM-dd')}",
                r#""2019-07-03""#,
            ),
            (
                r"${addToTime(date, 1, 'Year')}",
                r#""2020-06-19T10:20:30.000Z""#,
            ),
            (
                r"${subtractFromTime(date, 1, 'Day')}",
                r#""2019-06-18T10:20:30.000Z""#,
            ),
            (r"${subtractFromTime(date, 1, 'Fortnight')}", r"ERROR"),
            (r"${startOfDay(date)}", r#""2019-06-19T00:00:00.000Z""#),
            (r"${startOfHour(date)}", r#""2019-06-19T10:00:00.000Z""#),
            (r"${startOfMonth(date, 'yyyy-MM-dd')}", r#""2019-06-01""#),
            (r"${dayOfWeek(date)}", r"3"),
            (r"${dayOfMonth(date)}", r"19"),
            (r"${dayOfYear(date)}", r"170"),
            (r"${month(date)}", r"6"),
            (r"${year(date)}", r"2019"),
            (r"${dayOfWeek('2019-06-19')}", r"ERROR"),
            (r"${ticks(date)}", r#""636965364300000000""#),
            (
                r"${dateTimeDiff('2019-06-20T00:00:00.000Z', '2019-06-19T00:00:00.000Z')}",
                r"864000000000",
            ),
            (r"${isDateTime(date)}", r"true"),
            (r"${isDateTime('2019-06-19')}", r"false"),
        ],
    ),
    // errors
    (
        "errors",
        &[
            (r"${nope(1)}", r"ERROR"),
            (r"x ${nope(1)} y", r#""x ${nope(1)} y""#),
            (r"${substring(s)}", r"ERROR"),
            (r"${select(arr, 1, 2)}", r"ERROR"),
            (r"${1 +}", r"ERROR"),
            (r"a ${'open} b", r#""a ${'open} b""#),
            (r"${a b}", r"ERROR"),
            (r"${n %2}", r"ERROR"),
            (r"${{a 1}}", r#""${{a 1}}""#),
        ],
    ),
];

/// Cases where this crate deliberately differs from the official engine; see the
/// crate documentation. (template, what this crate produces)
const DIVERGENCES: &[(&str, &str)] = &[
    // The engine throws (`null.toString()`) on null/undefined in joined text; this
    // crate prints nothing for them instead.
    (r"${null}", r#""""#),
    (r"${undefined}", r#""""#),
    (r"v=${undefined}", r#""v=""#),
    (r"${concat('a', n, nul, 'b')}", r#""a5b""#),
    // Object keys come out in serde_json map order (sorted without the
    // `preserve_order` feature), not in the data's insertion order.
    (r"${string(o)}", r#""{\"K2\":\"w\",\"k\":\"v\"}""#),
    (r"${jsonStringify(o)}", r#""{\"K2\":\"w\",\"k\":\"v\"}""#),
    (
        r"${indicesAndValues(o)}",
        r#"[{"index": "K2", "value": "w"}, {"index": "k", "value": "v"}]"#,
    ),
    (r"${select(o, e, e.key)}", r#"["K2", "k"]"#),
];

fn run(template: &str) -> Result<Option<Value>, String> {
    let data: Value = serde_json::from_str(DATA).map_err(|e| e.to_string())?;
    match mcpapp_template::expand(&json!({ "v": template }), &data) {
        Ok(v) => Ok(v.get("v").cloned()),
        Err(e) => Err(e.to_string()),
    }
}

fn matches(actual: &Result<Option<Value>, String>, expected: &str) -> bool {
    match (actual, expected) {
        (Err(_), "ERROR") | (Ok(None), "<<undefined>>") => true,
        (Ok(Some(v)), e) => serde_json::from_str::<Value>(e).is_ok_and(|e| &e == v),
        _ => false,
    }
}

#[test]
fn expressions_match_the_official_engine() {
    let mut failures = Vec::new();
    let mut total = 0;
    for (group, cases) in GROUPS {
        for (template, expected) in *cases {
            total += 1;
            let expected = DIVERGENCES
                .iter()
                .find(|(t, _)| t == template)
                .map_or(*expected, |(_, ours)| *ours);
            let actual = run(template);
            if !matches(&actual, expected) {
                failures.push(format!(
                    "[{group}] {template}\n    expected {expected}\n    actual   {actual:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_divergence_is_a_real_case() {
    for (template, _) in DIVERGENCES {
        assert!(
            GROUPS
                .iter()
                .any(|(_, cases)| cases.iter().any(|(t, _)| t == template)),
            "{template}"
        );
    }
}
