//! The grader's derive macros, for the plain Rust types each exercise's hidden tests
//! declare (`grader/course/src/hidden/<name>.rs`), which name the model by its crate,
//! `xorlings_course`, wherever they are used:
//!
//! - `#[derive(Wire)]` on a struct or enum of the exercise's API (a `Move`, a
//!   `MoveError`): its wire format (`xorlings_core::wire::Wire`), and its `ApiType`:
//!   its name as the stub writes it, and the text of the same `Wire` impl for the
//!   runner, which compiles it against the learner's own type of that name;
//! - `#[derive(Show)]` on the same types: how the grader shows a value, as Rust writes
//!   it (`Move { heap_index: 0, remove: 2, new_size: 1 }`);
//! - `#[derive(Arguments)]` on the struct of a function's arguments (one named field per
//!   parameter, in order): its wire format, its `Arguments` (the parameters' names and
//!   types), and how the grader shows, measures, parses and shrinks it (`heaps = [3, 4,
//!   5]`; one field made simpler at a time).
//!
//! Generic types are not supported: no exercise needs them.

use proc_macro::TokenStream;
use proc_macro2::{Literal, TokenStream as Tokens};
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Fields, Ident, Type, parse_macro_input};

#[proc_macro_derive(Wire)]
pub fn derive_wire(input: TokenStream) -> TokenStream {
    expand(input, |input| {
        let wire = wire_impl(input)?;
        let name = &input.ident;
        let text = wire.to_string();
        let name_text = name.to_string();
        let field_types = all_field_types(input);
        Ok(quote! {
            #wire

            impl ::xorlings_core::api::ApiType for #name {
                fn rust_type() -> String {
                    #name_text.to_string()
                }
                fn runner_code(code: &mut ::xorlings_core::api::RunnerCode) {
                    code.add(#name_text, #text);
                    #( <#field_types as ::xorlings_core::api::ApiType>::runner_code(code); )*
                }
            }
        })
    })
}

#[proc_macro_derive(Show)]
pub fn derive_show(input: TokenStream) -> TokenStream {
    expand(input, |input| {
        let name = &input.ident;
        let body = match &input.data {
            Data::Struct(data) => {
                let shown =
                    shown_fields(&name.to_string(), &data.fields, |field| quote!(self.#field));
                quote!(#shown)
            }
            Data::Enum(data) => {
                let arms = data.variants.iter().map(|variant| {
                    let variant_name = &variant.ident;
                    let bindings = bindings(&variant.fields);
                    let pattern = pattern(&variant.fields, &bindings);
                    let mut shown_binding = bindings.iter();
                    let shown = shown_fields(&variant_name.to_string(), &variant.fields, |_| {
                        let binding = shown_binding.next().expect("one binding per field");
                        quote!(*#binding)
                    });
                    quote!(Self::#variant_name #pattern => #shown,)
                });
                quote!(match self { #(#arms)* })
            }
            Data::Union(_) => return Err(unsupported(input)),
        };
        Ok(quote! {
            impl ::xorlings_course::model::show::Show for #name {
                fn show(&self) -> String {
                    #body
                }
            }
        })
    })
}

#[proc_macro_derive(Arguments)]
pub fn derive_arguments(input: TokenStream) -> TokenStream {
    expand(input, |input| {
        let name = &input.ident;
        let Data::Struct(data) = &input.data else {
            return Err(syn::Error::new_spanned(
                &input.ident,
                "Arguments is derived for a struct with one named field per parameter",
            ));
        };
        let Fields::Named(named) = &data.fields else {
            return Err(syn::Error::new_spanned(
                &input.ident,
                "Arguments is derived for a struct with one named field per parameter",
            ));
        };
        let fields: Vec<&Ident> = named
            .named
            .iter()
            .map(|field| field.ident.as_ref().expect("a named field"))
            .collect();
        let types: Vec<&Type> = named.named.iter().map(|field| &field.ty).collect();
        let names: Vec<String> = fields.iter().map(|field| field.to_string()).collect();
        let type_texts: Vec<String> = types.iter().map(|ty| quote!(#ty).to_string()).collect();
        let wire = wire_impl(input)?;
        let single = match (fields.as_slice(), types.as_slice()) {
            ([field], [ty]) => quote! {
                impl From<#ty> for #name {
                    fn from(#field: #ty) -> Self {
                        #name { #field }
                    }
                }
                impl AsRef<#ty> for #name {
                    fn as_ref(&self) -> &#ty {
                        &self.#field
                    }
                }
            },
            _ => quote!(),
        };
        Ok(quote! {
            #wire

            impl ::xorlings_core::api::Arguments for #name {
                const FIELDS: &'static [(&'static str, &'static str)] = &[#( (#names, #type_texts) ),*];
                fn parameter_types() -> Vec<String> {
                    vec![#( <#types as ::xorlings_core::api::ApiType>::parameter_type() ),*]
                }
                fn runner_takes() -> Vec<(String, String)> {
                    vec![#( <#types as ::xorlings_core::api::ApiType>::runner_take() ),*]
                }
                fn runner_code(code: &mut ::xorlings_core::api::RunnerCode) {
                    #( <#types as ::xorlings_core::api::ApiType>::runner_code(code); )*
                }
            }

            impl ::xorlings_course::model::show::Show for #name {
                fn show(&self) -> String {
                    let fields: Vec<String> = vec![
                        #( format!("{} = {}", #names, ::xorlings_course::model::show::Show::show(&self.#fields)) ),*
                    ];
                    fields.join(", ")
                }
            }

            impl ::xorlings_course::model::show::Measure for #name {
                fn measure(&self) -> u64 {
                    0 #( + ::xorlings_course::model::show::Measure::measure(&self.#fields) )*
                }
            }

            impl ::xorlings_course::model::shrink::Shrink for #name {
                fn shrunk(&self) -> Vec<Self> {
                    let mut simpler = Vec::new();
                    #(
                        for value in ::xorlings_course::model::shrink::Shrink::shrunk(&self.#fields) {
                            let mut one_simpler = self.clone();
                            one_simpler.#fields = value;
                            simpler.push(one_simpler);
                        }
                    )*
                    simpler
                }
            }

            impl ::xorlings_course::model::show::Parse for #name {
                const PARAMETERS: &'static [&'static str] = &[#(#names),*];
                fn parse(words: &[String]) -> Result<Self, String> {
                    let mut words = ::xorlings_course::model::show::ArgWords::new(Self::PARAMETERS, words)?;
                    Ok(#name { #( #fields: words.next(#names)? ),* })
                }
            }

            #single
        })
    })
}

/// Parses the input, or reports why `make` refused it where it is.
fn expand(
    input: TokenStream,
    make: impl FnOnce(&DeriveInput) -> syn::Result<Tokens>,
) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    if !input.generics.params.is_empty() {
        return syn::Error::new_spanned(&input.generics, "generic types are not supported")
            .to_compile_error()
            .into();
    }
    make(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

fn unsupported(input: &DeriveInput) -> syn::Error {
    syn::Error::new_spanned(&input.ident, "only structs and enums are supported")
}

/// The `Wire` impl of a struct (its fields in order) or an enum (the variant's index,
/// then its fields). It names only `Self` and the crate's paths, so that the runner
/// compiles the same text against the learner's own type.
fn wire_impl(input: &DeriveInput) -> syn::Result<Tokens> {
    let name = &input.ident;
    let wire = quote!(::xorlings_core::wire::Wire);
    let (put, take, words) = match &input.data {
        Data::Struct(data) => {
            let bindings = bindings(&data.fields);
            let pattern = pattern(&data.fields, &bindings);
            let built = built(&data.fields, &bindings);
            (
                quote! {
                    let Self #pattern = self;
                    #( #wire::put(#bindings, out); )*
                },
                quote!(Some(Self #built)),
                quote! {
                    let Self #pattern = self;
                    0 #( + #wire::words(#bindings) )*
                },
            )
        }
        Data::Enum(data) => {
            if data.variants.is_empty() {
                return Err(syn::Error::new_spanned(name, "an enum needs a variant"));
            }
            let mut puts = Vec::new();
            let mut takes = Vec::new();
            let mut counts = Vec::new();
            for (index, variant) in data.variants.iter().enumerate() {
                let tag = Literal::u64_suffixed(index as u64);
                let variant_name = &variant.ident;
                let bindings = bindings(&variant.fields);
                let pattern = pattern(&variant.fields, &bindings);
                let built = built(&variant.fields, &bindings);
                puts.push(quote! {
                    Self::#variant_name #pattern => {
                        out.push(#tag);
                        #( #wire::put(#bindings, out); )*
                    }
                });
                takes.push(quote!(#tag => Some(Self::#variant_name #built),));
                counts.push(
                    quote!(Self::#variant_name #pattern => 1 #( + #wire::words(#bindings) )*,),
                );
            }
            (
                quote!(match self { #(#puts)* }),
                quote! {
                    match <u64 as #wire>::take(words)? {
                        #(#takes)*
                        _ => None,
                    }
                },
                quote!(match self { #(#counts)* }),
            )
        }
        Data::Union(_) => return Err(unsupported(input)),
    };
    Ok(quote! {
        #[allow(unused_variables)]
        impl #wire for #name {
            fn put(&self, out: &mut Vec<u64>) {
                #put
            }
            fn take(words: &mut &[u64]) -> Option<Self> {
                #take
            }
            fn words(&self) -> usize {
                #words
            }
        }
    })
}

/// A name for each field of a struct or variant: its own, or `field_0`... for a tuple.
fn bindings(fields: &Fields) -> Vec<Ident> {
    fields
        .iter()
        .enumerate()
        .map(|(i, field)| {
            field
                .ident
                .clone()
                .unwrap_or_else(|| format_ident!("field_{i}"))
        })
        .collect()
}

/// The pattern that binds each field by reference: `{ a, b }`, `(field_0)` or nothing.
fn pattern(fields: &Fields, bindings: &[Ident]) -> Tokens {
    match fields {
        Fields::Named(_) => quote!({ #(#bindings),* }),
        Fields::Unnamed(_) => quote!(( #(#bindings),* )),
        Fields::Unit => quote!(),
    }
}

/// The fields taken from the words, in order, as a struct or variant expression's rest.
fn built(fields: &Fields, bindings: &[Ident]) -> Tokens {
    let take = quote!(::xorlings_core::wire::Wire::take(words)?);
    match fields {
        Fields::Named(_) => quote!({ #( #bindings: #take ),* }),
        Fields::Unnamed(_) => {
            let takes = bindings.iter().map(|_| &take);
            quote!(( #(#takes),* ))
        }
        Fields::Unit => quote!(),
    }
}

/// A struct's or a variant's fields shown as Rust writes them, each value made by `value`.
fn shown_fields(name: &str, fields: &Fields, mut value: impl FnMut(&Tokens) -> Tokens) -> Tokens {
    let show = quote!(::xorlings_course::model::show::Show::show);
    match fields {
        Fields::Named(named) => {
            let parts = named.named.iter().map(|field| {
                let ident = field.ident.as_ref().expect("a named field");
                let label = ident.to_string();
                let value = value(&quote!(#ident));
                quote!(format!("{}: {}", #label, #show(&#value)))
            });
            quote! {{
                let fields: Vec<String> = vec![#(#parts),*];
                format!("{} {{ {} }}", #name, fields.join(", "))
            }}
        }
        Fields::Unnamed(unnamed) => {
            let parts = (0..unnamed.unnamed.len()).map(|i| {
                let index = syn::Index::from(i);
                let value = value(&quote!(#index));
                quote!(#show(&#value))
            });
            quote! {{
                let fields: Vec<String> = vec![#(#parts),*];
                format!("{}({})", #name, fields.join(", "))
            }}
        }
        Fields::Unit => quote!(#name.to_string()),
    }
}

/// Every field type of a struct or of an enum's variants.
fn all_field_types(input: &DeriveInput) -> Vec<&Type> {
    match &input.data {
        Data::Struct(data) => data.fields.iter().map(|field| &field.ty).collect(),
        Data::Enum(data) => data
            .variants
            .iter()
            .flat_map(|variant| variant.fields.iter().map(|field| &field.ty))
            .collect(),
        Data::Union(_) => Vec::new(),
    }
}
