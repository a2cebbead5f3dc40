//! A small JSON Schema validator for the API's OpenAPI 3.1 document: the keywords the
//! document uses (`$ref`, `type` as a word or a list, `properties`, `required`,
//! `additionalProperties`, `propertyNames`, `items`, `enum`, `oneOf`, `anyOf`, `allOf`, `minimum`), each
//! checked as JSON Schema 2020-12 says. Lighter than a full validator crate, and enough: a
//! keyword the document starts to use and this does not know fails the test.

use serde_json::Value;

/// The keywords understood; any other in a schema (but the annotations) is an error.
const KNOWN: &[&str] = &[
    "$ref",
    "type",
    "properties",
    "required",
    "additionalProperties",
    "propertyNames",
    "items",
    "enum",
    "oneOf",
    "anyOf",
    "allOf",
    "minimum",
    "maximum",
    "format",
    "description",
    "default",
    "title",
    "examples",
    "example",
    "nullable",
];

/// Checks `value` against `schema` (a schema of `document`, whose `$ref`s it resolves);
/// answers every mismatch, with its JSON pointer.
pub fn validate(document: &Value, schema: &Value, value: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    check(document, schema, value, "", &mut errors);
    errors
}

fn resolve<'a>(document: &'a Value, reference: &str) -> Option<&'a Value> {
    document.pointer(reference.strip_prefix('#')?)
}

fn type_matches(name: &str, value: &Value) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        _ => false,
    }
}

fn check(document: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(schema) = schema.as_object() else {
        if schema == &Value::Bool(false) {
            errors.push(format!("{at}: no value is allowed here"));
        }
        return;
    };
    for key in schema.keys() {
        if !KNOWN.contains(&key.as_str()) {
            errors.push(format!(
                "{at}: the validator does not know the keyword {key}"
            ));
        }
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        match resolve(document, reference) {
            Some(target) => check(document, target, value, at, errors),
            None => errors.push(format!("{at}: {reference} is not in the document")),
        }
    }
    match schema.get("type") {
        Some(Value::String(name)) if !type_matches(name, value) => {
            errors.push(format!("{at}: {value} is not of type {name}"));
        }
        Some(Value::Array(names))
            if !names
                .iter()
                .any(|n| n.as_str().is_some_and(|n| type_matches(n, value))) =>
        {
            errors.push(format!("{at}: {value} is of none of the types {names:?}"));
        }
        _ => {}
    }
    if let Some(choices) = schema.get("enum").and_then(Value::as_array)
        && !choices.contains(value)
    {
        errors.push(format!("{at}: {value} is not one of {choices:?}"));
    }
    if let (Some(minimum), Some(number)) = (
        schema.get("minimum").and_then(Value::as_f64),
        value.as_f64(),
    ) && number < minimum
    {
        errors.push(format!("{at}: {number} is below {minimum}"));
    }
    if let Some(object) = value.as_object() {
        let properties = schema.get("properties").and_then(Value::as_object);
        for name in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(name) {
                errors.push(format!("{at}: the required field {name} is missing"));
            }
        }
        for (name, field) in object {
            if let Some(names) = schema.get("propertyNames") {
                check(
                    document,
                    names,
                    &Value::String(name.clone()),
                    &format!("{at}/{name}"),
                    errors,
                );
            }
            let place = format!("{at}/{name}");
            match properties.and_then(|p| p.get(name)) {
                Some(field_schema) => check(document, field_schema, field, &place, errors),
                None => match schema.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        errors.push(format!("{at}: the field {name} is not in the schema"));
                    }
                    Some(extra @ Value::Object(_)) => {
                        check(document, extra, field, &place, errors);
                    }
                    _ => {}
                },
            }
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (index, item) in array.iter().enumerate() {
            check(document, items, item, &format!("{at}/{index}"), errors);
        }
    }
    for all in schema
        .get("allOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        check(document, all, value, at, errors);
    }
    let passing = |list: &Vec<Value>| {
        list.iter()
            .filter(|s| validate_at(document, s, value, at).is_empty())
            .count()
    };
    if let Some(one_of) = schema.get("oneOf").and_then(Value::as_array) {
        let count = passing(one_of);
        if count != 1 {
            errors.push(format!(
                "{at}: {value} matches {count} of oneOf's {} schemas",
                one_of.len()
            ));
        }
    }
    if let Some(any_of) = schema.get("anyOf").and_then(Value::as_array)
        && passing(any_of) == 0
    {
        errors.push(format!("{at}: {value} matches none of anyOf's schemas"));
    }
}

fn validate_at(document: &Value, schema: &Value, value: &Value, at: &str) -> Vec<String> {
    let mut errors = Vec::new();
    check(document, schema, value, at, &mut errors);
    errors
}
