// Package text is lore's one implementation of word handling: tokenizing,
// stopwords, stemming, slugs, keyword sets and Jaccard similarity. Every
// stage uses it so that "the same word" means the same thing everywhere.
package text
