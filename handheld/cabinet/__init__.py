"""The cabinet's own screens and the loop that runs them: title, menu, attract mode, settings, records, resume offer."""
