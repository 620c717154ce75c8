"""The pieces of build.py: read, validate, render, bundle, compress, precache."""
